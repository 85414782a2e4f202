"""What users download and read: report JSON, SARIF, patches, statistics, archives, review data."""
