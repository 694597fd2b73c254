package assortments

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
	"its/modules/products"
)

const collectionColumns = `c.id::text, c.collection_type, c.name, c.linkage_type, c.linkage_model, c.linkage_id, c.linkage_object,
 c.version, c.created_date, c.modified_date,
 COALESCE((SELECT json_agg(json_build_object('style', cp.style, 'color', cp.color, 'selected', cp.selected) ORDER BY cp.sort, cp.style, cp.color)
   FROM collection_products cp WHERE cp.collection_id = c.id), '[]'::json)`

func scanCollections(rows pgx.Rows) ([]Collection, error) {
	defer rows.Close()
	out := []Collection{}
	for rows.Next() {
		var c Collection
		var prods []byte
		if err := rows.Scan(&c.ID, &c.CollectionType, &c.Name, &c.LinkageType, &c.LinkageModel, &c.LinkageID, &c.LinkageObject,
			&c.Version, &c.CreatedDate, &c.ModifiedDate, &prods); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(prods, &c.Products); err != nil {
			return nil, err
		}
		for i := range c.Products {
			c.Products[i].Thumbnail = products.ImagePath(c.Products[i].Style, c.Products[i].Color, "thumbnail")
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// collections lists owner's collections of a type, narrowed by q.
func (s *Store) collections(ctx context.Context, owner, collectionType string, q CollectionQuery) ([]Collection, error) {
	b := psql.Select(collectionColumns).From("collections c").
		Where("c.owner_id = ?", owner).Where("c.collection_type = ?", collectionType).OrderBy("lower(c.name)", "c.id")
	if q.Name != "" {
		b = b.Where("c.name ILIKE ?", "%"+db.EscapeLike(q.Name)+"%")
	}
	if q.LinkageModel != "" {
		b = b.Where("c.linkage_model = ?", q.LinkageModel)
	}
	if q.LinkageID != "" {
		b = b.Where("c.linkage_id = ?", q.LinkageID)
	}
	if len(q.IDs) > 0 {
		var ok []string
		for _, id := range q.IDs {
			if httpx.IsUUID(id) {
				ok = append(ok, id)
			}
		}
		b = b.Where("c.id = ANY(?::uuid[])", ok)
	}
	rows, err := db.Query(ctx, s.db, b)
	if err != nil {
		return nil, err
	}
	return scanCollections(rows)
}

// collectionsByID reads owner's collection id (an empty list when there is none).
func (s *Store) collectionsByID(ctx context.Context, q querier, id, owner string) ([]Collection, error) {
	rows, err := q.Query(ctx, `SELECT `+collectionColumns+` FROM collections c WHERE c.id = $1 AND c.owner_id = $2`, id, owner)
	if err != nil {
		return nil, err
	}
	return scanCollections(rows)
}

// newCollection is what insertCollection writes.
type newCollection struct {
	owner, collectionType, name, linkageType, linkageModel, linkageID string
	linkageObject                                                     any
}

func (s *Store) insertCollection(ctx context.Context, tx pgx.Tx, n newCollection) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO collections (owner_id, collection_type, name, linkage_type, linkage_model, linkage_id, linkage_object)
		VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id::text`, n.owner, n.collectionType, n.name, n.linkageType, n.linkageModel, n.linkageID,
		n.linkageObject).Scan(&id)
	return id, err
}

// lockCollection locks a collection for a batch and answers what it links to.
func (s *Store) lockCollection(ctx context.Context, tx pgx.Tx, id string) (model, link string, err error) {
	err = tx.QueryRow(ctx, `SELECT linkage_model, linkage_id FROM collections WHERE id = $1 FOR UPDATE`, id).Scan(&model, &link)
	return model, link, err
}

func (s *Store) renameCollection(ctx context.Context, tx pgx.Tx, id, name string) error {
	_, err := tx.Exec(ctx, `UPDATE collections SET name = $2 WHERE id = $1`, id, name)
	return err
}

// removeCollectionProduct answers how many rows it removed (0 or 1).
func (s *Store) removeCollectionProduct(ctx context.Context, tx pgx.Tx, id, style, color string) (int, error) {
	tag, err := tx.Exec(ctx, `DELETE FROM collection_products WHERE collection_id = $1 AND style = $2 AND color = $3`, id, style, color)
	return int(tag.RowsAffected()), err
}

// selectCollectionProduct (de)selects a product; it answers how many rows it changed.
func (s *Store) selectCollectionProduct(ctx context.Context, tx pgx.Tx, id, style, color string, selected bool) (int, error) {
	tag, err := tx.Exec(ctx, `UPDATE collection_products SET selected = $4 WHERE collection_id = $1 AND style = $2 AND color = $3`,
		id, style, color, selected)
	return int(tag.RowsAffected()), err
}

// addCollectionProduct appends a product; false when the collection already holds it.
func (s *Store) addCollectionProduct(ctx context.Context, tx pgx.Tx, id, style, color string, selected bool) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO collection_products (collection_id, product_id, style, color, selected, sort)
		VALUES ($1, $2 || '_' || $3, $2, $3, $4, COALESCE((SELECT max(sort) + 1 FROM collection_products WHERE collection_id = $1), 0))
		ON CONFLICT DO NOTHING`, id, style, color, selected)
	return tag.RowsAffected() > 0, err
}

// touchCollection advances a collection's version after a change.
func (s *Store) touchCollection(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `UPDATE collections SET version = version + 1, modified_date = now() WHERE id = $1`, id)
	return err
}
