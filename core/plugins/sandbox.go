package plugins

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"its/core/registry"
)

// PIDDir is the folder under the data folder holding a file per running plugin process.
const PIDDir = "run/plugins"

// PIDRecord is what a pid file says of a plugin process: its pid, the server that started it
// (pid:start time) and the executable it runs.
type PIDRecord struct {
	PID  int    `json:"pid"`
	Host string `json:"host"`
	Exe  string `json:"exe"`
	Dir  string `json:"dir,omitempty"`
}

// WritePIDFile records rec of plugin id in dir.
func WritePIDFile(dir, id string, rec PIDRecord) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	b, _ := json.Marshal(rec)
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s.%d", id, rec.PID)), b, 0o600)
}

// Sandbox is how the plugin processes of a server are started.
type Sandbox struct {
	Max registry.Limits
}
