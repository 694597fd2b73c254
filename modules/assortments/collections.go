package assortments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/products"
)

// Collection is a named list of style/colours (spec §3.3), optionally linked to an assortment
// (linkageModel "Assortment", linkageId its id): what is added to such a collection is added to
// the assortment too.
type Collection struct {
	ID             string              `json:"_id"`
	CollectionType string              `json:"collectionType"`
	Name           string              `json:"name"`
	LinkageType    string              `json:"linkageType"`
	LinkageModel   string              `json:"linkageModel"`
	LinkageID      string              `json:"linkageId"`
	LinkageObject  json.RawMessage     `json:"linkageObject"`
	Products       []CollectionProduct `json:"products"`
	Version        int64               `json:"version"`
	CreatedDate    time.Time           `json:"createdDate"`
	ModifiedDate   time.Time           `json:"modifiedDate"`
}

// CollectionProduct is one style/colour of a collection.
type CollectionProduct struct {
	Style     string `json:"style"`
	Color     string `json:"color"`
	Selected  bool   `json:"selected"`
	Thumbnail string `json:"thumbnail,omitempty"`
}

var collectionTypeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]{0,39}$`)

func checkCollectionType(t string) error {
	if !collectionTypeRE.MatchString(t) {
		return httpx.Invalid(httpx.FieldError{Field: "collectionType", Rule: "pattern", Message: "A collection type is letters and digits"})
	}
	return nil
}

// CollectionQuery narrows the caller's collections of a type.
type CollectionQuery struct {
	Name         string   `json:"name"`
	LinkageModel string   `json:"linkageModel"`
	LinkageID    string   `json:"linkageId"`
	IDs          []string `json:"ids"`
}

// Collections lists the caller's collections of a type.
func (s *Service) Collections(ctx context.Context, collectionType string, q CollectionQuery) ([]Collection, error) {
	if err := checkCollectionType(collectionType); err != nil {
		return nil, err
	}
	return s.store.collections(ctx, me(ctx).ID, collectionType, q)
}

// CollectionCreate is the body of POST /api/collections/{collectionType}.
type CollectionCreate struct {
	Name          string           `json:"name"`
	LinkageType   string           `json:"linkageType"`
	LinkageModel  string           `json:"linkageModel"`
	LinkageID     string           `json:"linkageId"`
	LinkageObject json.RawMessage  `json:"linkageObject"`
	Products      []CollectionItem `json:"products"`
}

// linkedAssortment checks the assortment a collection links to: visible, editable, not locked
// by someone else; nil when the collection links to no assortment.
func (s *Service) linkedAssortment(ctx context.Context, tx pgx.Tx, model, id string) (*Assortment, error) {
	if model != "Assortment" || id == "" {
		return nil, registry.Require(ctx, s.authz, actions.CollectionsEdit, nil)
	}
	a, err := s.load(ctx, tx, id, true)
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == 404 {
			return nil, httpx.Invalid(httpx.FieldError{Field: "linkageId", Rule: "exists", Message: "The linked assortment does not exist"})
		}
		return nil, err
	}
	if err := registry.Require(ctx, s.authz, actions.CollectionsEdit, map[string]any{"channel": a.Channel}); err != nil {
		return nil, err
	}
	l, err := s.store.lockOf(ctx, tx, a.ID, me(ctx).ID)
	if err != nil {
		return nil, err
	}
	if l != nil && !l.Mine {
		return nil, lockedError(l)
	}
	return a, nil
}

// CreateCollection makes a collection (with its first products).
func (s *Service) CreateCollection(ctx context.Context, collectionType string, req CollectionCreate) (*Collection, error) {
	if err := checkCollectionType(collectionType); err != nil {
		return nil, err
	}
	var bad []httpx.FieldError
	name := strings.TrimSpace(req.Name)
	if name == "" || len(name) > 120 {
		bad = append(bad, httpx.FieldError{Field: "name", Rule: "required", Message: "A collection needs a name of at most 120 characters"})
	}
	lt := oneOf("linkageType", orDefault(req.LinkageType, "linkageId"), []string{"linkageId", "linkageObject"}, &bad)
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	var out *Collection
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		if _, err := s.linkedAssortment(ctx, tx, req.LinkageModel, req.LinkageID); err != nil {
			return err
		}
		var obj any
		if len(req.LinkageObject) > 0 {
			obj = string(req.LinkageObject)
		}
		id, err := s.store.insertCollection(ctx, tx, newCollection{owner: me(ctx).ID, collectionType: collectionType, name: name,
			linkageType: lt, linkageModel: req.LinkageModel, linkageID: req.LinkageID, linkageObject: obj})
		if err != nil {
			return err
		}
		if len(req.Products) > 0 {
			if _, err := s.collectionBatch(ctx, tx, id, &CollectionBatch{AddProducts: req.Products}); err != nil {
				return err
			}
		}
		out, err = s.collectionByID(ctx, tx, id)
		if err != nil {
			return err
		}
		return nil
	})
	return out, err
}

func (s *Service) collectionByID(ctx context.Context, q querier, id string) (*Collection, error) {
	if !httpx.IsUUID(id) {
		return nil, httpx.NotFound("Collection")
	}
	list, err := s.store.collectionsByID(ctx, q, id, me(ctx).ID)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, httpx.NotFound("Collection")
	}
	return &list[0], nil
}

// CollectionBatch adds, removes and (de)selects products of a collection.
type CollectionBatch struct {
	Version        int64            `json:"version"`
	Name           *string          `json:"name"`
	AddProducts    []CollectionItem `json:"addProducts"`
	DeleteProducts []products.Pair  `json:"deleteProducts"`
	UpdateProducts []CollectionItem `json:"updateProducts"`
}

// CollectionResult is the answer of a collection batch.
type CollectionResult struct {
	Collection        *Collection `json:"collection"`
	Added             int         `json:"added"`
	Removed           int         `json:"removed"`
	Updated           int         `json:"updated"`
	AddedToAssortment int         `json:"addedToAssortment"`
	Message           string      `json:"message"`
}

// BatchCollection applies a batch to a collection of the given type.
func (s *Service) BatchCollection(ctx context.Context, collectionType, id string, req *CollectionBatch) (*CollectionResult, error) {
	if err := checkCollectionType(collectionType); err != nil {
		return nil, err
	}
	if len(req.AddProducts)+len(req.DeleteProducts)+len(req.UpdateProducts) == 0 && req.Name == nil {
		return nil, grid.EmptyRequest()
	}
	var res *CollectionResult
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		c, err := s.collectionByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if c.CollectionType != collectionType {
			return httpx.NotFound("Collection")
		}
		if req.Version > 0 && req.Version != c.Version {
			return httpx.Conflict(MsgRowsChanged, map[string]any{"errorType": "userLock", "reason": "stale", "version": req.Version, "currentVersion": c.Version})
		}
		res, err = s.collectionBatch(ctx, tx, id, req)
		if err != nil {
			return err
		}
		if res.Collection, err = s.collectionByID(ctx, tx, id); err != nil {
			return err
		}
		return nil
	})
	return res, err
}

func (s *Service) collectionBatch(ctx context.Context, tx pgx.Tx, id string, req *CollectionBatch) (*CollectionResult, error) {
	model, link, err := s.store.lockCollection(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	a, err := s.linkedAssortment(ctx, tx, model, link)
	if err != nil {
		return nil, err
	}
	res := &CollectionResult{}
	if req.Name != nil {
		name := strings.TrimSpace(*req.Name)
		if name == "" || len(name) > 120 {
			return nil, httpx.Invalid(httpx.FieldError{Field: "name", Rule: "required", Message: "A collection needs a name of at most 120 characters"})
		}
		if err := s.store.renameCollection(ctx, tx, id, name); err != nil {
			return nil, err
		}
	}
	pairs := make([]products.Pair, len(req.AddProducts))
	for i, p := range req.AddProducts {
		pairs[i] = products.Pair{Style: normCode(p.Style), Color: normCode(p.Color)}
	}
	if len(pairs) > 0 {
		v, err := s.catalog.Validate(ctx, tx, pairs)
		if err != nil {
			return nil, err
		}
		if !v.Success {
			var fes []httpx.FieldError
			for _, e := range v.Errors {
				fes = append(fes, httpx.FieldError{Field: fmt.Sprintf("addProducts[%d]", e.Index), Rule: e.Rule, Message: e.Message})
			}
			return nil, httpx.Invalid(fes...)
		}
	}
	for _, p := range req.DeleteProducts {
		n, err := s.store.removeCollectionProduct(ctx, tx, id, normCode(p.Style), normCode(p.Color))
		if err != nil {
			return nil, err
		}
		res.Removed += n
	}
	for _, p := range req.UpdateProducts {
		n, err := s.store.selectCollectionProduct(ctx, tx, id, normCode(p.Style), normCode(p.Color), p.selected())
		if err != nil {
			return nil, err
		}
		res.Updated += n
	}
	var fresh []products.Pair
	for i, p := range pairs {
		added, err := s.store.addCollectionProduct(ctx, tx, id, p.Style, p.Color, req.AddProducts[i].selected())
		if err != nil {
			return nil, err
		}
		if added {
			res.Added++
			fresh = append(fresh, p)
		}
	}
	if a != nil && len(fresh) > 0 && a.Type == "item" && a.Method == "static" {
		existing, err := s.existingPairs(ctx, tx, a.ID, fresh)
		if err != nil {
			return nil, err
		}
		var missing []products.Pair
		for _, p := range fresh {
			if !existing[products.ID(p.Style, p.Color)] {
				missing = append(missing, p)
			}
		}
		if len(missing) > 0 {
			n, err := s.addRows(ctx, tx, a, missing, "search")
			if err != nil {
				return nil, err
			}
			res.AddedToAssortment = n
		}
	}
	if err := s.store.touchCollection(ctx, tx, id); err != nil {
		return nil, err
	}
	res.Message = fmt.Sprintf("%d Items Added or Removed", res.Added+res.Removed)
	return res, nil
}

// CollectionItem is a product sent to a collection; a product added without a selection
// state starts selected.
type CollectionItem struct {
	Style    string `json:"style"`
	Color    string `json:"color"`
	Selected *bool  `json:"selected"`
}

func (c CollectionItem) selected() bool { return c.Selected == nil || *c.Selected }
