package models_test

import (
	"fmt"

	"github.com/gohooks/gohooks/models"
)

// A narrow ResNet-18 for 32×32 images keeps torchvision's names.
func ExampleResNet18() {
	net := models.ResNet18(models.ResNetConfig{NumClasses: 10, Width: 8, SmallInput: true})
	sd := net.StateDict()
	fmt.Println(len(sd), sd[0].Name, sd[len(sd)-1].Name)
	fmt.Println(net.GetSubmodule("layer2.0.downsample"))
	// Output:
	// 122 conv1.weight fc.bias
	// Sequential(
	//   (0): Conv2d(8, 16, kernel_size=(1, 1), stride=(2, 2), bias=False)
	//   (1): BatchNorm2d(16, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)
	// )
}
