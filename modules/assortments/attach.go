package assortments

import (
	"github.com/jackc/pgx/v5"

	"context"

	"its/core/db"
	"its/core/uploads"
)

// mayAttach lets the uploads that name an assortment in attachTo (its logo, product images,
// display-group content) start only for a caller who may edit that assortment: visible to them,
// allowed on its channel, not locked by someone else. The policy's check of the action alone
// would let any editor write into anyone's assortment folder.
func (s *Service) mayAttach(ctx context.Context, u *uploads.Upload) error {
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		_, err := s.editable(ctx, tx, u.AttachTo)
		return err
	})
}
