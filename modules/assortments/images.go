package assortments

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/httpx"
	"its/core/uploads"
)

// MsgImageFile refuses a logo or thumbnail that is not an image uploaded for the assortment.
const MsgImageFile = "This picture is not an image uploaded for this assortment"

// MsgLogoUpload refuses a logo or thumbnail over LogoMaxBytes.
const MsgLogoUpload = "A logo or thumbnail may be at most %d bytes"

// logoUploaded answers the stored key of a logo (or thumbnail) upload, for the PATCH that sets it.
func logoUploaded(_ context.Context, _ pgx.Tx, u *uploads.Upload) (any, error) {
	return map[string]string{"key": u.Key}, nil
}

// ownImage is true for key as a picture's key in the assortment's own folder, where logo
// uploads are stored (no other file of the bucket may be set or signed as its picture).
func ownImage(assortmentID, key string) bool {
	return path.Clean(key) == key && path.Dir(key) == path.Join("assortments", assortmentID) &&
		slices.Contains(uploads.Images, strings.ToLower(path.Ext(key)))
}

// imageKey is true for key as a stored image of the assortment's own folder (the logo usage's).
func (s *Service) imageKey(ctx context.Context, assortmentID, key string) bool {
	if !ownImage(assortmentID, key) {
		return false
	}
	_, err := s.blobs.Stat(ctx, key)
	return err == nil
}

// checkImages refuses a logo or thumbnail other than empty or an image uploaded for the assortment.
func (s *Service) checkImages(ctx context.Context, assortmentID string, req *PatchRequest) error {
	for _, f := range []struct {
		field string
		v     *string
	}{{"logo", req.Logo}, {"thumbnail", req.Thumbnail}} {
		if f.v == nil {
			continue
		}
		*f.v = strings.TrimSpace(*f.v)
		if *f.v != "" && !s.imageKey(ctx, assortmentID, *f.v) {
			return httpx.Invalid(httpx.FieldError{Field: f.field, Rule: "upload", Message: MsgImageFile})
		}
	}
	return nil
}

// signImages gives the browser links to the assortment's logo and thumbnail (only pictures of its
// own folder are signed: an older value that is not such a key gets no link).
func (s *Service) signImages(ctx context.Context, a *Assortment) error {
	for _, f := range []struct {
		key string
		url *string
	}{{a.Logo, &a.LogoURL}, {a.Thumbnail, &a.ThumbnailURL}} {
		*f.url = ""
		if !ownImage(a.ID, f.key) {
			continue
		}
		u, err := s.blobs.SignedGetURL(ctx, f.key, "", s.cfg.Storage.URLTTL.Duration)
		if err != nil {
			return err
		}
		*f.url = u
	}
	return nil
}
