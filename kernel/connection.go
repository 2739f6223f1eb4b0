package kernel

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"strconv"
)

// ConnectionInfo is the connection file Jupyter writes for a kernel: where
// to bind the five sockets and how to sign messages.
type ConnectionInfo struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	ControlPort     int    `json:"control_port"`
	StdinPort       int    `json:"stdin_port"`
	IOPubPort       int    `json:"iopub_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
	KernelName      string `json:"kernel_name,omitempty"`
}

// ReadConnectionFile reads and checks a connection file.
func ReadConnectionFile(path string) (ConnectionInfo, error) {
	var info ConnectionInfo
	b, err := os.ReadFile(path)
	if err != nil {
		return info, fmt.Errorf("kernel: read connection file: %w", err)
	}
	if err := json.Unmarshal(b, &info); err != nil {
		return info, fmt.Errorf("kernel: connection file %s: %w", path, err)
	}
	if info.Transport == "" {
		info.Transport = "tcp"
	}
	if info.IP == "" {
		info.IP = "127.0.0.1"
	}
	return info, nil
}

// endpoint returns the ZeroMQ address for one port. Port 0 on tcp lets the
// system choose; the kernel records the port it got.
func (c ConnectionInfo) endpoint(port int) string {
	if c.Transport == "ipc" {
		return fmt.Sprintf("ipc://%s-%d", c.IP, port)
	}
	return fmt.Sprintf("%s://%s:%d", c.Transport, c.IP, port)
}

// listenAddr is where the kernel listens for one port: a TCP address, or
// for the ipc transport a Unix socket path, as ZeroMQ names it.
func (c ConnectionInfo) listenAddr(port int) (network, addr string) {
	if c.Transport == "ipc" {
		return "unix", fmt.Sprintf("%s-%d", c.IP, port)
	}
	host := c.IP
	if host == "*" { // ZeroMQ's "every interface"
		host = ""
	}
	return "tcp", net.JoinHostPort(host, strconv.Itoa(port))
}
