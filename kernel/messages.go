package kernel

// Typed contents of the messages the kernel reads and writes. One struct per
// message type; field names follow the Jupyter messaging specification.

type executeRequest struct {
	Code            string            `json:"code"`
	Silent          bool              `json:"silent"`
	StoreHistory    *bool             `json:"store_history"` // default true
	UserExpressions map[string]string `json:"user_expressions"`
	AllowStdin      *bool             `json:"allow_stdin"`   // default true
	StopOnError     *bool             `json:"stop_on_error"` // default true
}

type executeReply struct {
	Status          string         `json:"status"`
	ExecutionCount  int            `json:"execution_count"`
	Payload         []any          `json:"payload"`
	UserExpressions map[string]any `json:"user_expressions"`
}

type errorReply struct {
	Status         string   `json:"status"`
	ExecutionCount int      `json:"execution_count,omitempty"`
	EName          string   `json:"ename"`
	EValue         string   `json:"evalue"`
	Traceback      []string `json:"traceback"`
}

type abortedReply struct {
	Status         string `json:"status"`
	ExecutionCount int    `json:"execution_count,omitempty"`
}

type pagePayload struct {
	Source string         `json:"source"`
	Data   map[string]any `json:"data"`
	Start  int            `json:"start"`
}

type executeInput struct {
	Code           string `json:"code"`
	ExecutionCount int    `json:"execution_count"`
}

type executeResult struct {
	ExecutionCount int            `json:"execution_count"`
	Data           map[string]any `json:"data"`
	Metadata       map[string]any `json:"metadata"`
}

type errorContent struct {
	EName     string   `json:"ename"`
	EValue    string   `json:"evalue"`
	Traceback []string `json:"traceback"`
}

type streamContent struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

type displayData struct {
	Data      map[string]any `json:"data"`
	Metadata  map[string]any `json:"metadata"`
	Transient map[string]any `json:"transient"`
}

type clearOutput struct {
	Wait bool `json:"wait"`
}

type statusContent struct {
	ExecutionState string `json:"execution_state"`
}

type completeRequest struct {
	Code      string `json:"code"`
	CursorPos int    `json:"cursor_pos"`
}

type completeReply struct {
	Status      string         `json:"status"`
	Matches     []string       `json:"matches"`
	CursorStart int            `json:"cursor_start"`
	CursorEnd   int            `json:"cursor_end"`
	Metadata    map[string]any `json:"metadata"`
}

type completionType struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
	Type  string `json:"type"`
}

type inspectRequest struct {
	Code        string `json:"code"`
	CursorPos   int    `json:"cursor_pos"`
	DetailLevel int    `json:"detail_level"`
}

type inspectReply struct {
	Status   string         `json:"status"`
	Found    bool           `json:"found"`
	Data     map[string]any `json:"data"`
	Metadata map[string]any `json:"metadata"`
}

type isCompleteRequest struct {
	Code string `json:"code"`
}

type isCompleteReply struct {
	Status string `json:"status"`
	Indent string `json:"indent,omitempty"`
}

type historyRequest struct {
	Output         bool   `json:"output"`
	Raw            bool   `json:"raw"`
	HistAccessType string `json:"hist_access_type"`
	Session        int    `json:"session"`
	Start          int    `json:"start"`
	Stop           int    `json:"stop"`
	N              int    `json:"n"`
	Pattern        string `json:"pattern"`
	Unique         bool   `json:"unique"`
}

type historyReply struct {
	Status  string  `json:"status"`
	History [][]any `json:"history"`
}

type kernelInfoReply struct {
	Status                string       `json:"status"`
	ProtocolVersion       string       `json:"protocol_version"`
	Implementation        string       `json:"implementation"`
	ImplementationVersion string       `json:"implementation_version"`
	LanguageInfo          languageInfo `json:"language_info"`
	Banner                string       `json:"banner"`
	Debugger              bool         `json:"debugger"`
	HelpLinks             []helpLink   `json:"help_links"`
}

type languageInfo struct {
	Name              string `json:"name"`
	Version           string `json:"version"`
	Mimetype          string `json:"mimetype"`
	FileExtension     string `json:"file_extension"`
	PygmentsLexer     string `json:"pygments_lexer"`
	CodemirrorMode    string `json:"codemirror_mode"`
	NbconvertExporter string `json:"nbconvert_exporter"`
}

type helpLink struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}

type shutdownRequest struct {
	Restart bool `json:"restart"`
}

type shutdownReply struct {
	Status  string `json:"status"`
	Restart bool   `json:"restart"`
}

type statusReply struct {
	Status string `json:"status"`
}

type connectReply struct {
	Status      string `json:"status"`
	ShellPort   int    `json:"shell_port"`
	IOPubPort   int    `json:"iopub_port"`
	StdinPort   int    `json:"stdin_port"`
	HBPort      int    `json:"hb_port"`
	ControlPort int    `json:"control_port"`
}

type commInfoRequest struct {
	TargetName string `json:"target_name"`
}

type commInfoReply struct {
	Status string         `json:"status"`
	Comms  map[string]any `json:"comms"`
}

type commOpen struct {
	CommID     string         `json:"comm_id"`
	TargetName string         `json:"target_name"`
	Data       map[string]any `json:"data"`
}

type commMsg struct {
	CommID string         `json:"comm_id"`
	Data   map[string]any `json:"data"`
}

type commClose struct {
	CommID string         `json:"comm_id"`
	Data   map[string]any `json:"data"`
}

type inputRequest struct {
	Prompt   string `json:"prompt"`
	Password bool   `json:"password"`
}

type inputReply struct {
	Value string `json:"value"`
}

type debugRequest struct {
	Seq     int    `json:"seq"`
	Command string `json:"command"`
}

type debugReply struct {
	Type       string `json:"type"`
	RequestSeq int    `json:"request_seq"`
	Success    bool   `json:"success"`
	Command    string `json:"command"`
	Message    string `json:"message"`
}
