// Package httpx is ITS's HTTP toolkit: the one JSON error envelope, strict request decoding, the
// response helpers and the middleware every route runs through.
package httpx

import (
	"errors"
	"fmt"
	"net/http"
)

// Error is a failure with the status and the envelope a client sees.
type Error struct {
	Status  int
	Code    string
	Message string
	Details any
	Err     error // the cause, logged, never sent
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Err)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Envelope is the body of every failure.
type Envelope struct {
	Message     string `json:"message"`
	MessageCode string `json:"messageCode"`
	Details     any    `json:"details"`
	RequestID   string `json:"requestId,omitempty"`
}

// FieldError names the field and the rule a validation failure broke.
type FieldError struct {
	Field   string `json:"field"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// Constructors for the common failures.

func BadRequest(msg string, details any) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "ITS_ERR_BAD_REQUEST", Message: msg, Details: details}
}

// Invalid reports validation failures field by field.
func Invalid(fields ...FieldError) *Error {
	msg := "Validation failed"
	if len(fields) == 1 {
		msg = fields[0].Message
	}
	return &Error{Status: http.StatusBadRequest, Code: "ITS_ERR_VALIDATION", Message: msg, Details: fields}
}

func Unauthenticated(msg string) *Error {
	if msg == "" {
		msg = "Your session has expired. Please log in again."
	}
	return &Error{Status: http.StatusUnauthorized, Code: "ITS_ERR_UNAUTHENTICATED", Message: msg}
}

func Forbidden(action string) *Error {
	return &Error{Status: http.StatusForbidden, Code: "ITS_ERR_FORBIDDEN", Message: "You do not have permission to do this.", Details: map[string]string{"action": action}}
}

func NotFound(what string) *Error {
	return &Error{Status: http.StatusNotFound, Code: "ITS_ERR_NOT_FOUND", Message: what + " not found"}
}

func Conflict(msg string, details any) *Error {
	return &Error{Status: http.StatusConflict, Code: "ITS_ERR_CONFLICT", Message: msg, Details: details}
}

func TooMany(msg string) *Error {
	return &Error{Status: http.StatusTooManyRequests, Code: "ITS_ERR_RATE_LIMITED", Message: msg}
}

// Internal hides err from the client; the request id ties the answer to the log line.
func Internal(err error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: "ITS_ERR_INTERNAL", Message: "Unexpected Server Error", Err: err}
}

// AsError turns any error into an *Error, unknown ones into a 500.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "ITS_ERR_TOO_LARGE", Message: fmt.Sprintf("Request body is larger than %d bytes", mbe.Limit)}
	}
	if errors.Is(err, ErrSlowBody) {
		return &Error{Status: http.StatusRequestTimeout, Code: "ITS_ERR_TIMEOUT", Message: "The request body arrived too slowly"}
	}
	return Internal(err)
}
