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

func success(w http.ResponseWriter, v any) {
	httpx.JSON(w, http.StatusOK, map[string]any{"message": "Success", "data": v})
}

func routes(svc *Service) registry.Module {
	return registry.Module{File: "core/uploads/uploads.yaml", Manifest: manifest, Routes: func(r registry.Router) {
		r.Handle("POST", "/api/upload/aws/s3/create", ActionUploadsCreate, func(w http.ResponseWriter, req *http.Request) error {
			var body Request
			if err := httpx.Decode(req, &body); err != nil {
				return err
			}
			c, err := svc.Create(req.Context(), body)
			if err != nil {
				return err
			}
			success(w, c)
			return nil
		})
		r.Handle("POST", "/api/upload/aws/s3/complete", ActionUploadsOwn, func(w http.ResponseWriter, req *http.Request) error {
			var body CompleteRequest
			if err := httpx.Decode(req, &body); err != nil {
				return err
			}
			c, err := svc.Complete(req.Context(), body)
			if err != nil {
				return err
			}
			success(w, c)
			return nil
		})
		r.Handle("GET", "/api/upload/aws/s3/{uploadId}/parts", ActionUploadsOwn, func(w http.ResponseWriter, req *http.Request) error {
			res, err := svc.Parts(req.Context(), chi.URLParam(req, "uploadId"))
			if err != nil {
				return err
			}
			success(w, res)
			return nil
		})
		r.Handle("POST", "/api/upload/aws/s3/abort", ActionUploadsOwn, func(w http.ResponseWriter, req *http.Request) error {
			var body struct {
				UploadID string `json:"uploadId"`
			}
			if err := httpx.Decode(req, &body); err != nil {
				return err
			}
			if err := svc.Abort(req.Context(), body.UploadID); err != nil {
				return err
			}
			success(w, map[string]string{"uploadId": body.UploadID, "status": "aborted"})
			return nil
		})
	}}
}

// Module provides the upload service, its API and its sweeper.
var Module = fx.Module("uploads",
	fx.Provide(NewService),
	registry.AsModule(routes),
	jobs.AsRegistration(registration),
)
