package interp

// Complete, Inspect and IsComplete are defined in this file.

// Complete answers a completion request at cursor (in code points).
func (s *Session) Complete(code string, cursor int) Completion {
	return Completion{CursorStart: cursor, CursorEnd: cursor}
}

// Inspect answers an inspection request at cursor (in code points).
func (s *Session) Inspect(code string, cursor, detail int) Inspection {
	return Inspection{}
}

// IsComplete says whether code is ready to run.
func (s *Session) IsComplete(code string) Completeness {
	return Completeness{Status: "unknown"}
}
