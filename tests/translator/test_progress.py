"""One progress protocol (translator/progress.py): report (done, total); raise Canceled
to stop. The sandbox's line reader (translator/jobs/protocol.py) speaks it too."""

import pytest

from translator.jobs.protocol import MARK, Messages
from translator.progress import Canceled, going_on


def test_going_on_is_false_only_when_progress_cancels():
    seen = []
    assert going_on(None, 1, 2) is True
    assert going_on(lambda done, total: seen.append((done, total)), 1, 2) is True
    assert seen == [(1, 2)]

    def cancel(done, total):
        raise Canceled()

    assert going_on(cancel, 1, 2) is False

    def broken(done, total):
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):  # a bug is not a cancel
        going_on(broken, 1, 2)


def test_the_childs_messages_report_progress_and_a_quiet_second_asks_again():
    calls = []

    def progress(done, total):
        calls.append((done, total))
        if len(calls) == 3:
            raise Canceled()

    messages = Messages(progress)
    assert messages(MARK + '{"file": "a.cu"}') is True
    assert messages(MARK + '{"progress": [1, 4]}') is True
    assert messages(None) is True  # no news: the last numbers again
    assert messages("Traceback (not a message)") is True
    assert messages(None) is False  # the third call cancels: the sandbox is stopped
    assert (calls, messages.file) == ([(1, 4), (1, 4), (1, 4)], "a.cu")
