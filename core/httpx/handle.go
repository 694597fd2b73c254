package httpx

import "net/http"

// Most handlers do the same three steps: decode the body, call the service, send its answer.
// Body and Get are those steps once; a handler that does more (streams, files, headers, several
// calls) stays written out.

// Body serves a call with a JSON body: the body is decoded strictly into a Req (Decode's limits
// and refusals), fn answers it, and the answer is sent as {"data": ...} with 200, or as an Answer
// says. fn's error is returned as it is, so Wrap writes it as the envelope.
func Body[Req, Res any](fn func(r *http.Request, req Req) (Res, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req Req
		if err := Decode(r, &req); err != nil {
			return err
		}
		return send[Res](w)(fn(r, req))
	}
}

// MaybeBody is Body for a call whose body may be left out: an empty one (Content-Length 0)
// leaves the Req zero.
func MaybeBody[Req, Res any](fn func(r *http.Request, req Req) (Res, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req Req
		if r.ContentLength != 0 {
			if err := Decode(r, &req); err != nil {
				return err
			}
		}
		return send[Res](w)(fn(r, req))
	}
}

// Get serves a call without a body: fn's answer is sent as {"data": ...} with 200, or as an
// Answer says.
func Get[Res any](fn func(r *http.Request) (Res, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		return send[Res](w)(fn(r))
	}
}

// Answer is a result sent other than as plain data: with the message the client shows beside
// the data (left out when empty) and a status other than 200 (when not zero). A handler of Body
// or Get returns it as its result: {"message": Message, "data": Data} with Status.
type Answer struct {
	Status  int
	Message string
	Data    any
}

// write sends a as the answer.
func (a Answer) write(w http.ResponseWriter) {
	status := a.Status
	if status == 0 {
		status = http.StatusOK
	}
	body := map[string]any{"data": a.Data}
	if a.Message != "" {
		body["message"] = a.Message
	}
	JSON(w, status, body)
}

// send writes a result (an Answer as it says, anything else as data), or returns its error.
func send[Res any](w http.ResponseWriter) func(Res, error) error {
	return func(res Res, err error) error {
		if err != nil {
			return err
		}
		if a, ok := any(res).(Answer); ok {
			a.write(w)
			return nil
		}
		Data(w, res)
		return nil
	}
}
