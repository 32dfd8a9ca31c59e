"""What every part of the window shares: the task runner, the words for failures and questions, the style,
the language, small widgets."""
