package assortments

import (
	"context"

	"go.uber.org/fx"

	"its/core/uploads"
)

// attachHooks make the uploads that name an assortment in attachTo (its logo, product images,
// display-group content) start only for a caller who may edit that assortment: visible to them,
// allowed on its channel, not locked by someone else. The platform's check of the action alone
// would let any editor write into anyone's assortment folder.
var attachHooks = fx.Options(
	uploads.AsHook(func(s *Service) uploads.Hook { return s.attachHook(uploads.AssortmentLogo) }),
	uploads.AsHook(func(s *Service) uploads.Hook { return s.attachHook(uploads.Product) }),
	uploads.AsHook(func(s *Service) uploads.Hook { return s.attachHook(uploads.DisplayGroup) }),
)

func (s *Service) attachHook(usage string) uploads.Hook {
	return uploads.Hook{UsageType: usage, Validate: s.mayAttach}
}

func (s *Service) mayAttach(ctx context.Context, u *uploads.Upload) error {
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, err = s.editable(ctx, tx, u.AttachTo)
	return err
}
