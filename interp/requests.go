package interp

import "github.com/gohooks/gohooks/backend"

// The requests a Session and a Client answer are package backend's, the
// kernel's contract; interp names them in its own API as well. These are
// aliases, not new types: interp.ExecuteRequest is backend.ExecuteRequest.
type (
	ExecuteRequest = backend.ExecuteRequest
	ExecuteReply   = backend.ExecuteReply
	Error          = backend.Error
	Sink           = backend.Sink
	Completion     = backend.Completion
	Inspection     = backend.Inspection
	Completeness   = backend.Completeness
)
