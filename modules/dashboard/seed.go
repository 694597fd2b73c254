package dashboard

import (
	"context"

	"github.com/jackc/pgx/v5"

	"its/core/registry"
)

func seed(ctx context.Context, tx pgx.Tx, _ registry.SeedEnv) error {
	items := []struct{ title, body, link string }{
		{"Spring '26 line sheets are live", "Line sheets and price sheets for Spring '26 footwear and apparel are published. Build your assortments now.", "/product/assortments"},
		{"Global conference: Spring '26 microsite", "Category videos, ads and general sessions for the Spring '26 global conference are online.", "/global/conference/spring26"},
		{"Sample inventory count", "The quarterly sample inventory count for Production and Sales closes on Friday. Please update bins and quantities.", "/product/libraries/samples/production"},
		{"New advertising assets", "Fresh marketing images and logos for the Work and Performance pillars are in the advertising library.", "/advertising/libraries"},
	}
	for i, it := range items {
		if _, err := tx.Exec(ctx, `INSERT INTO announcements (title, body, link, published, start_date, modified_at)
			VALUES ($1, $2, $3, true, current_date - 7, now() - make_interval(hours => $4))`, it.title, it.body, it.link, i); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, `INSERT INTO announcements (title, body, published) VALUES ('Draft: Fall 26 kickoff', 'Not published yet.', false)`)
	return err
}
