// Package imports is the Excel import (product spec §2.6, §3.7, §4.4, §5.4): a file uploaded
// through the multipart upload (xlsx or csv, read as a stream within deliberate limits), its
// columns associated with the target's fields, its rows cleaned and validated into the
// spreadsheet import grid, and the import itself, all-or-nothing, through the assortment
// manager's or the sample inventory's own service; the bulk downloader subtype downloads the
// validated rows instead.
package imports

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"io"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/registry"
	"its/core/sheet"
	"its/core/storage"
	"its/core/uploads"
	"its/modules/actions"
)

//go:embed module.yaml
var manifest []byte

// UploadUsage is the usage type of a file to import.
const UploadUsage = "importFile"

// Module wires the import module.
var Module = fx.Module("imports",
	fx.Provide(NewStore, NewService, NewHandler),
	uploads.AsUsage(uploadUsage),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/imports/module.yaml", Manifest: manifest, Routes: h.Routes}
	}),
)

// uploadUsage takes a file to import: xlsx or csv, for who may import into the target the
// request names (target assortment, or sampleInventory with its library); the file is read up
// to its header when the upload completes, so a file the import cannot read is refused there.
func uploadUsage(s *Service) uploads.Usage {
	return uploads.Usage{
		Type:       UploadUsage,
		Extensions: []string{".xlsx", ".csv"},
		Params:     []string{"target", "library"},
		Check: func(r *uploads.Request) error {
			switch r.Params["target"] {
			case "assortment":
				return nil
			case "sampleInventory":
				if r.Params["library"] == "" {
					return uploads.Field("library", "required", "library is required for a sample inventory import")
				}
				return nil
			}
			return uploads.Field("target", "oneOf", "target is assortment or sampleInventory")
		},
		Action: func(r *uploads.Request) (string, map[string]any) {
			if r.Params["target"] == "sampleInventory" {
				return actions.ImportsSampleInventory, map[string]any{"library": r.Params["library"]}
			}
			return actions.ImportsAssortment, nil
		},
		Key: func(_ *uploads.Request, filename string) (string, error) {
			var b [12]byte
			_, _ = rand.Read(b[:])
			return storage.Key("imports", hex.EncodeToString(b[:]), filename)
		},
		Sniff: func(filename string, head []byte) error {
			return refusal(sheet.Sniff(sheet.Kind(filename), head))
		},
		Completed: func(ctx context.Context, tx pgx.Tx, u *uploads.Upload) (any, error) {
			if err := s.precheck(ctx, u.Key, u.Filename); err != nil {
				return nil, err
			}
			id, err := record(ctx, tx, u.UserID, u.ID, u.Key, u.Filename, sheet.Kind(u.Filename), u.FileSize)
			if err != nil {
				return nil, err
			}
			return map[string]any{"importId": id}, nil
		},
	}
}

// precheck opens an uploaded file and reads its header row: a password, macros, a zip bomb,
// damage or a size past the limits refuses the upload.
func (s *Service) precheck(ctx context.Context, key, filename string) error {
	rc, info, err := s.blobs.Get(ctx, key)
	if err != nil {
		return err
	}
	defer rc.Close()
	rd, err := sheet.Open(rc, info.Size, sheet.Kind(filename), s.limits)
	if err != nil {
		return refusal(err)
	}
	defer rd.Close()
	if _, err := rd.Next(); err != nil {
		return refusal(err)
	}
	if sheet.Kind(filename) != "csv" {
		return nil
	}
	// A CSV has no dimension to read: its rows are counted now, as a stream.
	for {
		if _, err := rd.Next(); err == io.EOF {
			return nil
		} else if err != nil {
			return refusal(err)
		}
	}
}
