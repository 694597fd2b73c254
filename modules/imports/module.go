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
	"os"
	"path"

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
	fx.Provide(NewStore, NewHandler, fx.Private),
	fx.Provide(NewService), // public for the benchmark that drives it directly
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
			parsed, err := s.precheck(ctx, u.Key, u.Filename)
			if err != nil {
				return nil, err
			}
			id, err := record(ctx, tx, u.UserID, u.ID, u.Key, parsed, u.Filename, sheet.Kind(u.Filename), u.FileSize)
			if err != nil {
				return nil, err
			}
			return map[string]any{"importId": id}, nil
		},
	}
}

// precheck parses an uploaded file, once: a password, macros, a zip bomb, too many shared
// strings, damage or a size past the limits refuses the upload; the rows it reads are kept
// beside the file (the key answered), and the later steps read them instead of the file.
func (s *Service) precheck(ctx context.Context, key, filename string) (string, error) {
	rc, info, err := s.blobs.Get(ctx, key)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	rd, err := sheet.Open(rc, info.Size, sheet.Kind(filename), s.limits)
	if err != nil {
		return "", refusal(err)
	}
	defer rd.Close()
	tmp, err := os.CreateTemp("", "its-import-")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	n, err := sheet.Keep(tmp, rd)
	if err != nil {
		return "", refusal(err)
	}
	if n == 0 {
		return "", noRows()
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return "", err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	// The upload's own name ends .xlsx or .csv, so this name beside it is never a file's.
	parsed, err := storage.Key(path.Dir(key), "parsed.rows.zst")
	if err != nil {
		return "", err
	}
	if err := s.blobs.Put(ctx, parsed, tmp, size, "application/zstd"); err != nil {
		return "", err
	}
	return parsed, nil
}
