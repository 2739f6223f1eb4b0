"""Writes widgets/testdata/ipywidgets6-states.json: the state that Debian's
python3-ipywidgets (ipywidgets 6) sends in comm_open for each widget that
package widgets makes, so that its tests can check that the Go widgets speak
the same protocol. Run with /usr/bin/python3 from the repository's root.
Model ids are replaced by "IPY_MODEL_<n>" in the order they are made."""

import itertools
import json

import ipywidgets as w
from ipywidgets.widgets.widget import Widget
from ipywidgets.widgets.widget_button import ButtonStyle
from ipywidgets.widgets.widget_int import SliderStyle

ids = itertools.count(1)
# No kernel: widgets get ids without opening comms.
Widget.open = lambda self: None
Widget.model_id = property(lambda self: self.__dict__.setdefault("_test_id", "n%d" % next(ids)))

cases = {
    "IntSlider": lambda: w.IntSlider(min=0, max=15),
    "FloatSlider": lambda: w.FloatSlider(min=0.5, max=2.0, step=0.25, value=1.0),
    "Dropdown": lambda: w.Dropdown(options=["conv1", "conv2"]),
    "Checkbox": lambda: w.Checkbox(description="log"),
    "Button": lambda: w.Button(description="run"),
    "Text": lambda: w.Text(value="hi"),
    "Output": lambda: w.Output(),
    "HBox": lambda: w.HBox(),
    "VBox": lambda: w.VBox(),
    "Layout": lambda: w.Layout(),
    "SliderStyle": lambda: SliderStyle(),
    "ButtonStyle": lambda: ButtonStyle(),
}
out = {}
for name, make in cases.items():
    state = make().get_state()
    for k, v in state.items():
        if isinstance(v, str) and v.startswith("IPY_MODEL_"):
            state[k] = "IPY_MODEL_"
    out[name] = state
with open("widgets/testdata/ipywidgets6-states.json", "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
