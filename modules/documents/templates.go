package documents

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
	"its/modules/actions"
)

// TemplateOptions are what a template keeps of a document request: its type and subtype, the
// column set it was made for (productType POP, or empty for the regular set) and its settings,
// without the hero colours, which name one assortment's styles.
type TemplateOptions struct {
	DocumentType DocumentType `json:"documentType"`
	ProductType  string       `json:"productType,omitempty"`
	Settings     Settings     `json:"settings"`
}

// Template is a named template of a document's options, for any assortment: private to its
// owner or shared with every colleague who may export documents.
type Template struct {
	ID           string          `json:"_id"`
	Name         string          `json:"name"`
	Shared       bool            `json:"shared"`
	Mine         bool            `json:"mine"`
	OwnerName    string          `json:"ownerName"`
	Options      TemplateOptions `json:"options"`
	CreatedDate  time.Time       `json:"createdDate"`
	ModifiedDate time.Time       `json:"modifiedDate"`
	ownerID      string
}

// TemplateRequest creates a template (name and options required) or changes one (a field left
// out keeps its value).
type TemplateRequest struct {
	Name    *string          `json:"name"`
	Shared  *bool            `json:"shared"`
	Options *TemplateOptions `json:"options"`
}

// check validates the request with the rules of a document's options and trims the name.
func (r *TemplateRequest) check(create bool) []httpx.FieldError {
	var bad []httpx.FieldError
	if r.Name != nil {
		name := strings.TrimSpace(*r.Name)
		r.Name = &name
		switch {
		case name == "":
			bad = append(bad, httpx.FieldError{Field: "name", Rule: "required", Message: "A template needs a name"})
		case utf8.RuneCountInString(name) > MaxTemplateName:
			bad = append(bad, httpx.FieldError{Field: "name", Rule: "max", Message: fmt.Sprintf("A template's name is at most %d characters", MaxTemplateName)})
		}
	} else if create {
		bad = append(bad, httpx.FieldError{Field: "name", Rule: "required", Message: "A template needs a name"})
	}
	if o := r.Options; o != nil {
		if o.ProductType != "" && o.ProductType != "POP" {
			bad = append(bad, httpx.FieldError{Field: "options.productType", Rule: "oneOf", Message: "options.productType is POP or left out"})
		}
		o.Settings.Heroes = nil
		for _, e := range checkOptions(&o.DocumentType, &o.Settings, o.ProductType) {
			e.Field = "options." + e.Field
			bad = append(bad, e)
		}
	} else if create {
		bad = append(bad, httpx.FieldError{Field: "options", Rule: "required", Message: "A template needs the options of a document"})
	}
	return bad
}

// Templates answers the caller's templates and those colleagues share, the caller's first.
func (s *Service) Templates(ctx context.Context) ([]*Template, error) {
	caller := me(ctx).ID
	list, err := s.store.templates(ctx, caller)
	for _, t := range list {
		t.Mine = t.ownerID == caller
	}
	return list, err
}

// SaveTemplate creates a template (id "") or changes one of the caller's; a name the owner
// already has is a 409, and a refused request changes nothing.
func (s *Service) SaveTemplate(ctx context.Context, id string, req *TemplateRequest) (*Template, error) {
	if bad := req.check(id == ""); len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	var out *Template
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		t := &Template{ownerID: me(ctx).ID}
		if id != "" {
			prev, err := s.changeableTemplate(ctx, tx, id, false)
			if err != nil {
				return err
			}
			t = prev
		}
		if req.Name != nil {
			t.Name = *req.Name
		}
		if req.Shared != nil {
			t.Shared = *req.Shared
		}
		if req.Options != nil {
			t.Options = *req.Options
		}
		saved, err := s.store.saveTemplate(ctx, tx, t)
		if errors.Is(err, errNameTaken) {
			return httpx.Conflict(MsgTemplateNameTaken, []httpx.FieldError{{Field: "name", Rule: "unique", Message: MsgTemplateNameTaken}})
		}
		out = saved
		return err
	})
	if err != nil {
		return nil, err
	}
	out.Mine = out.ownerID == me(ctx).ID
	return out, nil
}

// DeleteTemplate removes one of the caller's templates, or a colleague's shared one for a
// caller allowed documents.manageTemplates.
func (s *Service) DeleteTemplate(ctx context.Context, id string) error {
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		t, err := s.changeableTemplate(ctx, tx, id, true)
		if err != nil {
			return err
		}
		return s.store.deleteTemplate(ctx, tx, t.ID)
	})
}

// changeableTemplate reads a template the caller is about to change, locked in tx. Another
// user's private template answers 404 like a missing one; another's shared one (which the
// caller sees) a 403, unless deleting is asked by a caller allowed documents.manageTemplates.
func (s *Service) changeableTemplate(ctx context.Context, tx pgx.Tx, id string, deleting bool) (*Template, error) {
	if !httpx.IsUUID(id) {
		return nil, httpx.NotFound("Template")
	}
	t, err := s.store.template(ctx, tx, id)
	if errors.Is(err, errNotFound) {
		return nil, httpx.NotFound("Template")
	}
	if err != nil {
		return nil, err
	}
	caller := me(ctx)
	switch {
	case t.ownerID == caller.ID:
		return t, nil
	case !t.Shared:
		return nil, httpx.NotFound("Template")
	}
	if deleting {
		ok, err := s.authz.Allowed(ctx, caller, actions.DocumentsManageTemplates, nil)
		if err != nil {
			return nil, err
		}
		if ok {
			return t, nil
		}
	}
	return nil, &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_FORBIDDEN", Message: MsgTemplateNotYours,
		Details: map[string]string{"action": actions.DocumentsManageTemplates}}
}
