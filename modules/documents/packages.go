package documents

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"its/core/db"
	"its/core/httpx"
	"its/core/jobs"
	"its/modules/products"
)

// Package variants (platform spec §7 "Packages"): what the zip holds besides the assortment's
// hero images.
const (
	// PackageDocument: the hero images and the line sheet as PDF (download, mail).
	PackageDocument = "document"
	// PackageSpreadsheet: the hero images and the line sheet as xlsx (download/spreadsheet,
	// mail/spreadsheet).
	PackageSpreadsheet = "spreadsheet"
	// PackageDivision: the hero images in a folder per division, and the line sheet as PDF
	// (download/division, mail/division).
	PackageDivision = "division"
	// PackageImages: the hero images alone (download/assortment).
	PackageImages = "assortment"
)

// OrgInternal is the organisation type of internal assortments, whose zip of images is read
// through their own service (given to the documents in the "assortments.scoped" group).
const OrgInternal = "internal"

// FileTypeZip is the file type of a mailed package's link.
const FileTypeZip = "zip"

// PackageArgs asks for a package: the zip for the download queue, or with Mail the zip kept
// behind a link mailed to the request's recipients.
type PackageArgs struct {
	UserID  string  `json:"userId"`
	Variant string  `json:"variant"`
	Mail    bool    `json:"mail"`
	Request Request `json:"request"`
	Images  Images  `json:"images"`
}

// Images narrows a package of images: the assortment must be of OrgType (regular or internal;
// empty takes any), and AllColors zips every colour's image instead of one hero per style.
type Images struct {
	OrgType   string `json:"orgType,omitempty"`
	AllColors bool   `json:"allColors,omitempty"`
}

func (PackageArgs) Kind() string { return "documents.zip" }

// QueuePackage checks a package request as the caller (a mistake is a 400 and queues nothing)
// and queues it; the download queue follows the job.
func (s *Service) QueuePackage(ctx context.Context, variant string, mail bool, req *Request) (int64, string, error) {
	return s.queuePackage(ctx, variant, mail, req, Images{})
}

// QueueImages queues the zip of an assortment's images (GET /api/{assortments|internalAssortments}/zip/images/...):
// small or print size, hero images only or every colour, of an assortment of orgType.
func (s *Service) QueueImages(ctx context.Context, orgType, assortment string, small, heroOnly bool) (int64, string, error) {
	req := &Request{Assortment: assortment, Settings: Settings{PrintResolution: !small}}
	return s.queuePackage(ctx, PackageImages, false, req, Images{OrgType: orgType, AllColors: !heroOnly})
}

func (s *Service) queuePackage(ctx context.Context, variant string, mail bool, req *Request, img Images) (int64, string, error) {
	if mail {
		if bad := req.checkMail(true); len(bad) > 0 {
			return 0, "", httpx.Invalid(bad...)
		}
	}
	if req.DocumentType.Type == "" {
		req.DocumentType = DocumentType{Type: DocTypeLinesheet, SubType: SubTypeCondensed}
	}
	sh, err := s.sheet(ctx, img.OrgType, req, 1, func(int) {})
	if err != nil {
		return 0, "", err
	}
	if img.OrgType != "" && sh.OrgType != img.OrgType {
		return 0, "", httpx.NotFound("assortment")
	}
	if variant != PackageSpreadsheet && variant != PackageImages {
		if err := s.pdf.Ready(); err != nil {
			return 0, "", errNoRenderer(err)
		}
	}
	name := packageName(req, sh.Title)
	u := me(ctx)
	id, err := s.queue.Enqueue(ctx, nil, PackageArgs{UserID: u.ID, Variant: variant, Mail: mail, Request: *req, Images: img},
		jobs.Spec{UserID: u.ID, Title: name, CancelMessage: MsgZipCancelled})
	return id, name, err
}

// packageName is the zip's name: the given file name, else the assortment's title, with
// underscores for spaces.
func packageName(req *Request, title string) string {
	name := strings.TrimSpace(req.Filename)
	if name == "" {
		name = title + " Images"
	}
	return safeName(strings.TrimSuffix(name, ".zip")) + ".zip"
}

// heroKind is the picture size of a package: small unless print resolution is chosen (spec §9).
func heroKind(st Settings) string {
	if st.PrintResolution {
		return "print"
	}
	return "image"
}

// writePackage writes the zip of req into w: each style's hero image (the manual hero when
// chosen), or every colour's image with img.AllColors, in a folder per division for
// PackageDivision, then the line sheet unless the variant is images alone. progress gets 0-99.
func (s *Service) writePackage(ctx context.Context, w io.Writer, variant string, req *Request, img Images, progress func(int)) (string, error) {
	r := *req
	r.Settings.IncludeImages = false // the heroes are read below, at the package's size
	sh, err := s.sheet(ctx, img.OrgType, &r, 0, func(int) {})
	if err != nil {
		return "", err
	}
	if img.OrgType != "" && sh.OrgType != img.OrgType {
		return "", httpx.NotFound("assortment")
	}
	zw := zip.NewWriter(w)
	var heroes []*Item
	for _, g := range sh.Groups {
		if img.AllColors {
			heroes = append(heroes, g.Items...)
			continue
		}
		for _, c := range g.Cards {
			heroes = append(heroes, c.Hero)
		}
	}
	kind := heroKind(req.Settings)
	now := time.Now()
	for i, it := range heroes {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		png, err := s.prods.ImagePNG(ctx, products.ID(it.Style, it.Color), kind)
		if httpx.AsError(err).Status == 404 {
			continue
		}
		if err != nil {
			return "", err
		}
		name := fmt.Sprintf("images/%s_%s.png", it.Style, it.Color)
		if variant == PackageDivision {
			div := zipSafe(it.Division)
			if div == "" {
				div = "Other"
			}
			name = fmt.Sprintf("%s/%s_%s.png", div, it.Style, it.Color)
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: zipSafe(name), Method: zip.Store, Modified: now})
		if err == nil {
			_, err = fw.Write(png)
		}
		if err != nil {
			return "", err
		}
		progress(i * 70 / max(len(heroes), 1))
	}
	if variant != PackageImages {
		fileType := FileTypePdf
		if variant == PackageSpreadsheet {
			fileType = FileTypeXlsx
		}
		doc, err := s.Render(ctx, req, fileType, func(p int) { progress(70 + p*29/100) })
		if err != nil {
			return "", err
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: doc.Filename, Method: zip.Deflate, Modified: now})
		if err == nil {
			_, err = fw.Write(doc.Data)
		}
		if err != nil {
			return "", err
		}
	}
	return packageName(req, sh.Title), zw.Close()
}

// zipSafe keeps a zip entry's name to letters, digits and a few marks, with / as the only
// separator, so no entry climbs out of the folder it is unpacked in.
func zipSafe(name string) string {
	var b strings.Builder
	for _, r := range strings.ReplaceAll(name, " ", "_") {
		switch {
		case r == '/' || r == '-' || r == '_' || r == '.' || r > 127 && r != 0xfffd:
			b.WriteRune(r)
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	parts := slices.DeleteFunc(strings.Split(b.String(), "/"), func(p string) bool { return p == "" || p == "." || p == ".." })
	return strings.Join(parts, "/")
}

type packageWorker struct {
	river.WorkerDefaults[PackageArgs]
	svc *Service
}

// Work writes the zip to a temporary file as the user who asked, reporting progress, then
// stores it as the job's download, or for a mail keeps it behind a shared link (a saved
// document's file of type zip) and mails the recipients. A cancelled job stores nothing.
func (w *packageWorker) Work(ctx context.Context, job *river.Job[PackageArgs]) error {
	s, a := w.svc, job.Args
	ctx, err := s.asUser(ctx, a.UserID)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp("", "its-package-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	name, err := s.writePackage(ctx, tmp, a.Variant, &a.Request, a.Images, s.progressOf(ctx, job.ID))
	if err != nil {
		return s.jobFailed(ctx, job.ID, err)
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if a.Mail {
		return s.mailPackage(ctx, &a.Request, tmp, size, name)
	}
	return s.storeDownload(ctx, job.ID, name, contentTypes[FileTypeZip], tmp, size)
}

// mailPackage keeps a package behind a shared link and mails it, like a shared document.
func (s *Service) mailPackage(ctx context.Context, req *Request, r io.Reader, size int64, name string) error {
	code, hash, err := newCode()
	if err != nil {
		return err
	}
	expires := s.now().Add(ShareTTL)
	var key string
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		doc, err := s.saveForShare(ctx, tx, req, FileTypePdf)
		if err != nil {
			return err
		}
		all := append(slices.Clone(req.Recipients), req.BCCRecipients...)
		id, err := s.store.addFile(ctx, tx, doc.ID, "shared", hash, FileTypeZip, name, "pending", all, me(ctx).ID, expires)
		if err != nil {
			return err
		}
		key = fileKey(doc.ID, "shared", id, name)
		if err := s.store.setBlobKey(ctx, tx, id, key); err != nil {
			return err
		}
		if err := s.blobs.Put(ctx, key, r, size, "application/zip"); err != nil {
			return err
		}
		return s.mail(ctx, tx, doc, req, "mailShared", s.link(FileTypeZip, "shared", doc.ID, code, name), name, expires)
	})
	if err != nil && key != "" {
		_ = s.blobs.Delete(context.WithoutCancel(ctx), key)
	}
	return err
}
