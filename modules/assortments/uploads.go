package assortments

import (
	"context"
	"fmt"
	"slices"

	"its/core/storage"
	"its/core/uploads"
	"its/modules/actions"
)

// Upload usage types of an assortment (spec: storage usage types): its logo, a product image
// and a display group's custom content, all in the assortment's folder, for its editors.
const (
	UploadLogo         = "assortmentLogo"
	UploadProduct      = "product"
	UploadDisplayGroup = "displayGroup"
)

// uploadUsages are the assortment's upload usages, filed under assortments/{attachTo}/, for
// those who may edit that assortment.
func uploadUsages(s *Service) []uploads.Usage {
	check := uploads.RequireAttachTo("attachTo is required for assortment logo and product uploads")
	edit := func(*uploads.Request) (string, map[string]any) { return actions.AssortmentsEdit, nil }
	inFolder := func(sub ...string) func(r *uploads.Request, fn string) (string, error) {
		return func(r *uploads.Request, fn string) (string, error) {
			return storage.Key(append(append([]string{"assortments", r.AttachTo}, sub...), fn)...)
		}
	}
	return []uploads.Usage{
		{Type: UploadLogo, Extensions: uploads.Images, Check: check, Action: edit, Validate: func(ctx context.Context, u *uploads.Upload) error {
			if u.FileSize > LogoMaxBytes {
				return uploads.Field("fileSize", "max", fmt.Sprintf(MsgLogoUpload, LogoMaxBytes))
			}
			return s.mayAttach(ctx, u)
		}, Key: inFolder(), Completed: logoUploaded},
		{Type: UploadProduct, Extensions: uploads.Images, Check: check, Action: edit, Validate: s.mayAttach, Key: inFolder()},
		{Type: UploadDisplayGroup, Extensions: append(slices.Clone(uploads.Images), contentSources...), Check: check, Action: edit,
			Validate: func(ctx context.Context, u *uploads.Upload) error {
				if err := checkContentUpload(u); err != nil {
					return err
				}
				return s.mayAttach(ctx, u)
			},
			Key: inFolder("customContent"), Completed: s.contentUploaded},
	}
}
