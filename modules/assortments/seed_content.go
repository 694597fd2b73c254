package assortments

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"path"

	"github.com/jackc/pgx/v5"

	"its/core/imaging"
	"its/core/storage"
)

// seedGroupContent gives the display groups of a demo assortment their custom content: content
// answers it for a group's title (nil leaves the group without). The html is sanitised as an
// editor's would be.
func seedGroupContent(ctx context.Context, tx pgx.Tx, blobs storage.Store, assortmentID string, content func(title string) *DemoContent) error {
	rows, err := tx.Query(ctx, `SELECT id::text, title FROM assortment_display_groups WHERE assortment_id = $1 ORDER BY sort`, assortmentID)
	if err != nil {
		return err
	}
	type group struct{ id, title string }
	var groups []group
	for rows.Next() {
		var g group
		if err := rows.Scan(&g.id, &g.title); err != nil {
			rows.Close()
			return err
		}
		groups = append(groups, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for i, g := range groups {
		d := content(g.title)
		if d == nil {
			continue
		}
		html, err := SanitizeContentHTML(d.HTML)
		if err != nil {
			return err
		}
		c := &CustomContent{HTML: html}
		if d.Image != nil {
			var src bytes.Buffer
			if err := jpeg.Encode(&src, d.Image, &jpeg.Options{Quality: 85}); err != nil {
				return err
			}
			prev, err := imaging.Scale(d.Image, ContentPreviewSize)
			if err != nil {
				return err
			}
			c.SourceFile = path.Join(contentFolder(assortmentID), fmt.Sprintf("group-%d.jpg", i+1))
			c.PreviewJpg = contentPreviewKey(c.SourceFile)
			for _, f := range []struct {
				key  string
				body []byte
			}{{c.SourceFile, src.Bytes()}, {c.PreviewJpg, prev}} {
				if err := blobs.Put(ctx, f.key, bytes.NewReader(f.body), int64(len(f.body)), "image/jpeg"); err != nil {
					return err
				}
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE assortment_display_groups SET custom_content = $2 WHERE id = $1`, g.id, contentJSON(c)); err != nil {
			return err
		}
	}
	return nil
}
