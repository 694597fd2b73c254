// Package logging gives ITS its structured logger: text for people in development, JSON for
// machines in production.
package logging

import (
	"log/slog"
	"os"
	"strings"

	"its/core/config"
)

// New builds the logger from the configuration.
func New(cfg *config.Config) *slog.Logger {
	var lvl slog.Level
	switch strings.ToLower(cfg.LogLevel) {
	case "debug":
		lvl = slog.LevelDebug
	case "warn":
		lvl = slog.LevelWarn
	case "error":
		lvl = slog.LevelError
	default:
		lvl = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: lvl}
	if cfg.Production() {
		return slog.New(WithContext(slog.NewJSONHandler(os.Stderr, opts)))
	}
	return slog.New(WithContext(slog.NewTextHandler(os.Stderr, opts)))
}
