package widgets

import "sort"

// StateRecorder follows the widget comm messages of a run, as a front end
// would, to save the last state of every widget in the notebook: the
// notebook runner feeds it what the session sends, and State gives what
// Jupyter keeps in a notebook's metadata, so that a saved notebook draws
// its widgets as they were left.
type StateRecorder struct {
	models map[string]map[string]any
}

// Record takes one comm message from the session: a comm_open of a widget
// model, an update of its state, or a close.
func (r *StateRecorder) Record(kind, id, target string, data map[string]any) {
	if r.models == nil {
		r.models = map[string]map[string]any{}
	}
	switch kind {
	case "open":
		if target != current.target {
			return
		}
		st := map[string]any{}
		for k, v := range data {
			if k != "state" && k != "buffer_paths" { // the nested copy
				st[k] = v
			}
		}
		r.models[id] = st
	case "msg":
		st, ok := r.models[id]
		changes, isMap := data["state"].(map[string]any)
		if !ok || data["method"] != "update" || !isMap {
			return
		}
		for k, v := range changes {
			st[k] = v
		}
	case "close":
		delete(r.models, id)
	}
}

// MetadataKey is the notebook metadata key of the saved widget state (under
// "widgets").
const MetadataKey = "application/vnd.jupyter.widget-state+json"

// State returns the saved state in the shape of MetadataKey's value, or nil
// when no widget is open.
func (r *StateRecorder) State() map[string]any {
	if len(r.models) == 0 {
		return nil
	}
	ids := make([]string, 0, len(r.models))
	for id := range r.models {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	models := map[string]any{}
	for _, id := range ids {
		st := r.models[id]
		models[id] = map[string]any{
			"model_name":           st["_model_name"],
			"model_module":         st["_model_module"],
			"model_module_version": st["_model_module_version"],
			"state":                st,
		}
	}
	return map[string]any{"version_major": current.stateMajor, "version_minor": current.stateMinor, "state": models}
}
