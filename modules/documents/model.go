package documents

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"its/core/httpx"
	mailer "its/core/mail"
)

// Settings are a document's settings keys (product spec §3.2): the visible columns (the column
// visibility set, or the POP set for a POP assortment), the toggles and the further fields.
type Settings struct {
	// Columns are the visible columns, keys of Columns (PopColumns for POP assortments), in order.
	Columns []string `json:"columns"`
	// Toggles.
	CoverPage       bool `json:"coverPage"`
	TitlePage       bool `json:"titlePage"`
	GroupDividers   bool `json:"groupDividers"`
	GroupPageBreaks bool `json:"groupPageBreaks"`
	SortNumber      bool `json:"sortNumber"`
	HideSpillover   bool `json:"hideSpillover"`
	SectionBreaks   bool `json:"sectionBreaks"`
	ManualHero      bool `json:"manualHeroSelection"`
	PrintResolution bool `json:"printResolution"`
	CADOnly         bool `json:"cadOnly"`
	IncludeImages   bool `json:"includeImages"`
	PageNumbers     bool `json:"pageNumbers"`
	// Heroes is the manual hero colour per style (used with manualHeroSelection).
	Heroes map[string]string `json:"heroes,omitempty"`
	// Further fields, printed as given.
	Author          string `json:"author"`
	Date            string `json:"date"`
	SizeLegend      string `json:"sizeLegend"`
	PriceDisclaimer string `json:"priceDisclaimer"`
	// Locale words the template's labels (one of the 8 interface languages; default the user's).
	Locale string `json:"locale,omitempty"`
}

// DocumentType is the payload's {type, subType}; type is Spreadsheet or Zip/PDF in the spec's
// payload and a docType here (Linesheet, Pricesheet, Tearsheet).
type DocumentType struct {
	Type    string `json:"type"`
	SubType string `json:"subType"`
}

// Request is a document payload (product spec §3.2): what to render, and for share and save
// the mail fields and schedule.
type Request struct {
	ID           string       `json:"_id,omitempty"`
	Kind         string       `json:"kind,omitempty"`
	DocumentType DocumentType `json:"documentType"`
	ProductType  string       `json:"productType,omitempty"`
	Settings     Settings     `json:"settings"`
	Assortment   string       `json:"assortment"`
	// OrgType is the assortment's organisation type: "" or regular, or internal (read through
	// that type's own service). Saved, shared and scheduled documents are of regular ones.
	OrgType       string   `json:"orgType,omitempty"`
	Filename      string   `json:"filename,omitempty"`
	DisplayName   string   `json:"displayName,omitempty"`
	Subject       string   `json:"subject,omitempty"`
	Body          string   `json:"body,omitempty"`
	Recipients    []string `json:"recipients,omitempty"`
	BCCRecipients []string `json:"bccRecipients,omitempty"`
	FileType      string   `json:"fileType,omitempty"`
	Frequency     string   `json:"frequency,omitempty"`
	// Queue asks for a download-queue job instead of the file in the answer.
	Queue bool `json:"queue,omitempty"`
	// AssortmentsQuery and User are accepted from the spec's payload and not used: the server
	// reads the assortment itself and the user is the session's.
	AssortmentsQuery json.RawMessage `json:"assortmentsQuery,omitempty"`
	User             json.RawMessage `json:"user,omitempty"`
}

// Document is a saved document.
type Document struct {
	ID            string       `json:"_id"`
	Kind          string       `json:"kind"`
	AssortmentID  string       `json:"assortment"`
	DisplayName   string       `json:"displayName"`
	Filename      string       `json:"filename"`
	DocumentType  DocumentType `json:"documentType"`
	FileType      string       `json:"fileType"`
	Settings      Settings     `json:"settings"`
	Subject       string       `json:"subject"`
	Body          string       `json:"body"`
	Recipients    []string     `json:"recipients"`
	BCCRecipients []string     `json:"bccRecipients"`
	Frequency     string       `json:"frequency"`
	NextRunAt     *time.Time   `json:"nextRunDate"`
	LastRunAt     *time.Time   `json:"lastRunDate"`
	CreatedDate   time.Time    `json:"createdDate"`
	ModifiedDate  time.Time    `json:"modifiedDate"`
	Files         []File       `json:"files,omitempty"`
	ownerID       string
}

// File is a shared link or a scheduled run's file.
type File struct {
	ID         string     `json:"_id"`
	Kind       string     `json:"kind"`
	FileType   string     `json:"fileType"`
	Filename   string     `json:"filename"`
	Recipients []string   `json:"recipients"`
	CreatedAt  time.Time  `json:"createdDate"`
	ExpiresAt  time.Time  `json:"expiresDate"`
	RevokedAt  *time.Time `json:"revokedDate,omitempty"`
}

// AssortmentDocument is the payload's default kind.
const AssortmentDocument = "AssortmentDocument"

// maxRecipients bounds one share or schedule's addresses.
const maxRecipients = 50

// normalize checks a request's document part and fills defaults; POP documents take the POP
// column set. It answers the field errors.
func (r *Request) normalize(productType string) []httpx.FieldError {
	var bad []httpx.FieldError
	add := func(field, rule, msg string) {
		bad = append(bad, httpx.FieldError{Field: field, Rule: rule, Message: msg})
	}
	if r.Kind == "" {
		r.Kind = AssortmentDocument
	} else if r.Kind != AssortmentDocument {
		add("kind", "oneOf", "kind must be AssortmentDocument")
	}
	bad = append(bad, checkOptions(&r.DocumentType, &r.Settings, productType)...)
	if strings.TrimSpace(r.Assortment) == "" {
		add("assortment", "required", "assortment is required")
	}
	if len(r.Settings.Heroes) > MaxRows {
		add("settings.heroes", "max", "Too many hero selections")
	}
	if r.FileType != "" && !slices.Contains(FileTypes, r.FileType) {
		add("fileType", "oneOf", "fileType must be pdf or xlsx")
	}
	return bad
}

// checkOptions checks a document's options (its type and subtype, and the settings with the
// column set of productType: the POP set for POP, the regular one otherwise) and fills the
// defaults. Documents and templates share it, so a template holds only what a document may.
func checkOptions(t *DocumentType, st *Settings, productType string) []httpx.FieldError {
	var bad []httpx.FieldError
	add := func(field, rule, msg string) {
		bad = append(bad, httpx.FieldError{Field: field, Rule: rule, Message: msg})
	}
	if t.Type == "" {
		t.Type = DocTypeLinesheet
	}
	if !slices.Contains(DocTypes, t.Type) {
		add("documentType.type", "oneOf", "documentType.type must be one of "+strings.Join(DocTypes, ", "))
	}
	if t.SubType == "" {
		t.SubType = SubTypeCondensed
		if t.Type == DocTypeTearsheet {
			t.SubType = SubTypeWithHeroImage
		}
	}
	if !slices.Contains(subTypesOf(t.Type), t.SubType) {
		add("documentType.subType", "oneOf", fmt.Sprintf("A %s is %s", t.Type, strings.Join(subTypesOf(t.Type), " or ")))
	}
	set := Columns
	if productType == "POP" {
		set = PopColumns
	}
	seen := map[string]bool{}
	for _, c := range st.Columns {
		if !slices.Contains(set, c) {
			add("settings.columns", "oneOf", fmt.Sprintf("Unknown column %q for a %s assortment", c, orAll(productType)))
		} else if seen[c] {
			add("settings.columns", "unique", fmt.Sprintf("Column %q is named twice", c))
		}
		seen[c] = true
	}
	if slices.Contains(st.Columns, ColumnCadOnly) {
		st.CADOnly = true
	}
	if l := st.Locale; l != "" && !slices.Contains(Locales, l) {
		add("settings.locale", "oneOf", "settings.locale must be one of "+strings.Join(Locales, ", "))
	}
	for field, v := range map[string]string{"settings.author": st.Author, "settings.date": st.Date,
		"settings.sizeLegend": st.SizeLegend, "settings.priceDisclaimer": st.PriceDisclaimer} {
		if len(v) > 2000 {
			add(field, "max", field+" is at most 2000 characters")
		}
	}
	return bad
}

// checkMail checks the mail fields of a share or schedule.
func (r *Request) checkMail(required bool) []httpx.FieldError {
	bad := mailer.CheckRecipients(r.Recipients, r.BCCRecipients, required, maxRecipients)
	if len(r.Subject) > 500 || len(r.Body) > 10000 {
		bad = append(bad, httpx.FieldError{Field: "body", Rule: "max", Message: "The subject or the message is too long"})
	}
	return bad
}

func subTypesOf(t string) []string {
	if t == DocTypeTearsheet {
		return []string{SubTypeWithHeroImage, SubTypeThumbnailsOnly}
	}
	return []string{SubTypeCondensed, SubTypeExpanded}
}

func orAll(s string) string {
	if s == "" {
		return "All"
	}
	return s
}

// fileName is the document's download name: the given name (or the assortment's title and the
// document type) with spaces replaced by underscores (spec §4.5), characters a file system
// refuses dropped, and the extension of its type.
func fileName(given, title string, t DocumentType, fileType string) string {
	name := strings.TrimSpace(given)
	if name == "" {
		name = fmt.Sprintf("%s %s %s", title, t.Type, t.SubType)
	}
	return safeName(strings.TrimSuffix(strings.TrimSuffix(name, ".pdf"), ".xlsx")) + "." + fileType
}

// safeName replaces spaces with underscores, drops characters a file system refuses and keeps
// at most 150 bytes; an empty name becomes "Document".
func safeName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == ' ':
			b.WriteRune('_')
		case r < 32 || strings.ContainsRune(`/\:*?"<>|%#`, r):
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	if len(out) > 150 {
		out = out[:150]
		out = strings.ToValidUTF8(out, "")
	}
	if out == "" {
		out = "Document"
	}
	return out
}
