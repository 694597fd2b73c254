package storage

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Pinger is a store that can tell whether it is reachable, for the readiness check.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Ping writes and removes a scratch file: the folder must exist and take writes (a full or
// read-only disk, or an unmounted volume, fails).
func (l *Local) Ping(ctx context.Context) error {
	f, err := os.CreateTemp(filepath.Join(l.root, "tmp"), "ping-*")
	if err != nil {
		return fmt.Errorf("storage: local store not writable: %w", err)
	}
	name := f.Name()
	err = f.Close()
	if rmErr := os.Remove(name); err == nil {
		err = rmErr
	}
	return err
}

// Ping asks for the bucket: the endpoint must answer and the credentials reach the bucket.
func (s *S3) Ping(ctx context.Context) error {
	_, err := s.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: &s.bucket})
	return err
}
