package libraries

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/riverqueue/river"

	"its/core/jobs"
)

// PreviewArgs asks for a file's thumbnail and dimensions.
type PreviewArgs struct {
	FileID string `json:"fileId"`
}

func (PreviewArgs) Kind() string { return "libraries.preview" }

type previewWorker struct {
	river.WorkerDefaults[PreviewArgs]
	svc *Service
}

func (w *previewWorker) Work(ctx context.Context, job *river.Job[PreviewArgs]) error {
	s := w.svc
	key, contentType, err := s.store.fileSource(ctx, job.Args.FileID)
	if err != nil {
		return river.JobCancel(fmt.Errorf("file %s: %w", job.Args.FileID, err))
	}
	rc, _, err := s.blobs.Get(ctx, key)
	if err != nil {
		return err
	}
	defer rc.Close()
	thumb, width, height, err := s.prev.Preview(ctx, contentType, rc)
	if errors.Is(err, errNoPreview) {
		return s.store.setFileState(ctx, job.Args.FileID, "Success")
	}
	if err != nil {
		_ = s.store.setFileState(ctx, job.Args.FileID, "Failed")
		return river.JobCancel(err)
	}
	thumbKey := "previews/" + job.Args.FileID + ".jpg"
	if err := s.blobs.Put(ctx, thumbKey, bytes.NewReader(thumb), int64(len(thumb)), "image/jpeg"); err != nil {
		return err
	}
	return s.store.setFilePreview(ctx, job.Args.FileID, thumbKey, width, height)
}

// ZipArgs asks for a zip of a user's collection.
type ZipArgs struct {
	UserID         string `json:"userId"`
	CollectionType string `json:"collectionType"`
}

func (ZipArgs) Kind() string { return "libraries.zip" }

// ZipCancelled is the download queue's message for a cancelled zip.
const ZipCancelled = "Your ZIP download has been cancelled"

type zipWorker struct {
	river.WorkerDefaults[ZipArgs]
	svc *Service
}

// Work writes the zip to a temporary file while reporting progress by bytes, then stores it;
// a cancelled job stops between files and leaves nothing behind.
func (w *zipWorker) Work(ctx context.Context, job *river.Job[ZipArgs]) error {
	s := w.svc
	files, total, err := s.collectionFiles(ctx, job.Args.UserID, job.Args.CollectionType)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		_ = s.queue.Fail(ctx, job.ID, "No assets available.")
		return river.JobCancel(errors.New("empty collection"))
	}
	tmp, err := os.CreateTemp("", "its-zip-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	zw := zip.NewWriter(tmp)
	var done int64
	used := map[string]int{}
	last := -1
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := zipName(f.Filename, used)
		rc, _, err := s.blobs.Get(ctx, f.key)
		if err != nil {
			return err
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: f.ModifiedDate})
		if err == nil {
			_, err = io.Copy(fw, rc)
		}
		rc.Close()
		if err != nil {
			return err
		}
		done += f.FileSize
		if pct := int(done * 99 / max(total, 1)); pct != last {
			last = pct
			_ = s.queue.Progress(ctx, job.ID, pct)
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return s.storeDownload(ctx, job.ID, tmp, zipName(fmt.Sprintf("%s collection.zip", job.Args.CollectionType), nil), "application/zip")
}

// storeDownload puts the file a job wrote into tmp (positioned at its end) in the blob store
// as the job's download named filename, and records it as the job's result.
func (s *Service) storeDownload(ctx context.Context, jobID int64, tmp *os.File, filename, contentType string) error {
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	key := fmt.Sprintf("downloads/%d/%s", jobID, filename)
	if err := s.blobs.Put(ctx, key, tmp, size, contentType); err != nil {
		return err
	}
	return s.queue.SetResult(ctx, jobID, key, filename)
}

// zipName replaces spaces with underscores (spec §4.5) and keeps names unique in the zip.
func zipName(name string, used map[string]int) string {
	name = strings.ReplaceAll(name, " ", "_")
	if used == nil {
		return name
	}
	if n := used[strings.ToLower(name)]; n > 0 {
		ext := path.Ext(name)
		name = fmt.Sprintf("%s_%d%s", strings.TrimSuffix(name, ext), n+1, ext)
	}
	used[strings.ToLower(name)]++
	return name
}

func (s *Service) registration() jobs.Registration {
	return jobs.Registration{Workers: func(w *river.Workers) {
		river.AddWorker(w, &previewWorker{svc: s})
		river.AddWorker(w, &zipWorker{svc: s})
		river.AddWorker(w, &reportWorker{svc: s})
	}}
}
