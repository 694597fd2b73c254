package uploads

import (
	_ "embed"
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/fx"

	"its/core/httpx"
	"its/core/jobs"
	"its/core/registry"
)

//go:embed uploads.yaml
var manifest []byte

// success is the uploads' answer: the data with the message "Success".
func success(data any, err error) (httpx.Answer, error) {
	return httpx.Answer{Message: "Success", Data: data}, err
}

func routes(svc *Service) registry.Module {
	return registry.Module{File: "core/uploads/uploads.yaml", Manifest: manifest, Routes: func(r registry.Router) {
		r.Handle("POST", "/api/upload/aws/s3/create", ActionUploadsCreate, httpx.Body(func(req *http.Request, body Request) (httpx.Answer, error) {
			return success(svc.Create(req.Context(), body))
		}))
		r.Handle("POST", "/api/upload/aws/s3/complete", ActionUploadsOwn, httpx.Body(func(req *http.Request, body CompleteRequest) (httpx.Answer, error) {
			return success(svc.Complete(req.Context(), body))
		}))
		r.Handle("GET", "/api/upload/aws/s3/{uploadId}/parts", ActionUploadsOwn, httpx.Get(func(req *http.Request) (httpx.Answer, error) {
			return success(svc.Parts(req.Context(), chi.URLParam(req, "uploadId")))
		}))
		r.Handle("POST", "/api/upload/aws/s3/abort", ActionUploadsOwn, httpx.Body(func(req *http.Request, body abortRequest) (httpx.Answer, error) {
			return success(map[string]string{"uploadId": body.UploadID, "status": "aborted"}, svc.Abort(req.Context(), body.UploadID))
		}))
	}}
}

type abortRequest struct {
	UploadID string `json:"uploadId"`
}

// Module provides the upload service, its API and its sweeper; modules add usages with AsUsage.
var Module = fx.Module("uploads",
	fx.Provide(NewService),
	registry.AsModule(routes),
	jobs.AsRegistration(registration),
)
