"""rocport's web application: settings, pages, API and webhook around the translator."""
