package widgets

// protocol is one version of the ipywidgets protocol: what the front end's
// widget manager expects in the comm messages. Every widget message is
// built from the one current protocol, so speaking a newer front end means
// adding its protocol here and choosing between them, not editing the
// widgets.
type protocol struct {
	// target is the comm target of widget models.
	target string
	// versionTarget is the target the front end opens to check the
	// version; frontendVersion is the semver range sent there.
	versionTarget   string
	frontendVersion string
	// module and moduleVersion name the JavaScript module of the models
	// and views of the core widgets.
	module        string
	moduleVersion string
	// stateMajor and stateMinor version the widget state saved in a
	// notebook's metadata (application/vnd.jupyter.widget-state+json).
	stateMajor, stateMinor int
	// displayMessage: the front end shows a view on a comm message
	// {"method": "display"} (ipywidgets 6's classic Notebook extension);
	// the display_data alone is what it saves and restores.
	displayMessage bool
	// syncMethod is the method of the front end's state changes
	// ("backbone", with the changes under "sync_data").
	syncMethod string
	// nestedState: a comm_open also carries the state under "state" (with
	// "buffer_paths"), where nbclient and newer front ends read it;
	// ipywidgets 6 reads it at the top level of the data and ignores the
	// copy. Without it, nbclient (and so nbconvert --execute) fails on the
	// first widget.
	nestedState bool
}

// ipywidgets6 is what Debian's python3-ipywidgets 6.0 and
// jupyter-nbextension-jupyter-js-widgets (jupyter-js-widgets 2.1) speak in
// Jupyter Notebook.
var ipywidgets6 = protocol{
	target:          "jupyter.widget",
	versionTarget:   "jupyter.widget.version",
	frontendVersion: "~2.1.4",
	module:          "jupyter-js-widgets",
	moduleVersion:   "~2.1.4",
	stateMajor:      1,
	stateMinor:      0,
	displayMessage:  true,
	syncMethod:      "backbone",
	nestedState:     true,
}

// current is the protocol the widgets speak.
var current = ipywidgets6
