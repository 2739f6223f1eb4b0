package kernel

import (
	"os"
	"path/filepath"
	"runtime"
)

// JupyterDataDir returns the user's Jupyter data directory, as Jupyter
// itself finds it: $JUPYTER_DATA_DIR, else the platform's per-user location
// (~/.local/share/jupyter on Linux, honouring $XDG_DATA_HOME;
// ~/Library/Jupyter on macOS; %APPDATA%\jupyter on Windows).
func JupyterDataDir() string {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Jupyter")
	case "windows":
		if a := os.Getenv("APPDATA"); a != "" {
			return filepath.Join(a, "jupyter")
		}
		return filepath.Join(home, "AppData", "Roaming", "jupyter")
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "jupyter")
	}
	return filepath.Join(home, ".local", "share", "jupyter")
}

// DefaultHistoryFile is where the kernel keeps the cell history:
// gohooks/history.jsonl in the Jupyter data directory.
func DefaultHistoryFile() string {
	return filepath.Join(JupyterDataDir(), "gohooks", "history.jsonl")
}
