# Computes the PyTorch values in torch_values_test.go (run with PyTorch 1.13:
# /usr/bin/python3 torch_values.py, then gofmt the file it writes). The tests
# do not need it.
import torch, torch.nn as nn, torch.nn.functional as F
torch.set_printoptions(precision=8)
def pat(shape, mul=37, mod=17, off=8, div=8.0):
    n=1
    for s in shape: n*=s
    return torch.tensor([((i*mul)%mod-off)/div for i in range(n)],dtype=torch.float32).reshape(shape)
def lit(t):
    return "[]float32{"+", ".join("%.8g"%v for v in t.detach().reshape(-1).tolist())+"}"
out=[]
def case(name, **kv):
    out.append((name, kv))

# Linear
lin=nn.Linear(3,2)
with torch.no_grad():
    lin.weight.copy_(pat([2,3],5,7,3,4)); lin.bias.copy_(pat([2],3,5,2,2))
x=pat([4,3]).requires_grad_()
y=lin(x); c=pat([4,2],11,13,6,6); (y*c).sum().backward()
case("Linear", y=y, gx=x.grad, gw=lin.weight.grad, gb=lin.bias.grad)

def conv_case(name, cin, cout, k, xshape, **opt):
    conv=nn.Conv2d(cin,cout,k,**opt)
    with torch.no_grad():
        conv.weight.copy_(pat(list(conv.weight.shape),5,11,5,8))
        if conv.bias is not None: conv.bias.copy_(pat([cout],3,5,2,4))
    x=pat(xshape).requires_grad_()
    y=conv(x); c=pat(list(y.shape),7,9,4,4); (y*c).sum().backward()
    kv=dict(y=y, gx=x.grad, gw=conv.weight.grad, shape=list(y.shape))
    if conv.bias is not None: kv['gb']=conv.bias.grad
    case(name, **kv); print(name, repr(conv))
conv_case("Conv2dStridePad", 2,3,3,[2,2,5,5], stride=2, padding=1)
conv_case("Conv2dGroupsDilation", 4,2,3,[1,4,6,6], dilation=2, groups=2, bias=False, padding=(1,2))

def pool_case(name, mod, xshape, x=None):
    if x is None: x=pat(xshape,5,7,3,2)
    x=x.clone().requires_grad_()
    y=mod(x); c=pat(list(y.shape),7,9,4,4); (y*c).sum().backward()
    case(name, y=y, gx=x.grad, shape=list(y.shape)); print(name, repr(mod))
pool_case("MaxPool2d", nn.MaxPool2d(2), [1,2,4,6])
pool_case("MaxPool2dOverlapPad", nn.MaxPool2d(3, stride=2, padding=1), [1,1,5,5])
pool_case("AvgPool2d", nn.AvgPool2d(2, stride=1, padding=1), [1,1,3,4])

def act_case(name, mod, x):
    x=x.clone().requires_grad_()
    y=mod(x); c=pat(list(y.shape),7,9,4,4); (y*c).sum().backward()
    case(name, y=y, gx=x.grad); print(name, repr(mod))
xa=torch.tensor([[-2.,-0.5,0.,-0.,0.5,3.],[1.,-1.,2.,-3.,0.25,-0.25]])
act_case("ReLU", nn.ReLU(), xa)
act_case("LeakyReLU", nn.LeakyReLU(), xa)
act_case("LeakyReLU02", nn.LeakyReLU(0.2), xa)
act_case("Sigmoid", nn.Sigmoid(), xa)
act_case("Tanh", nn.Tanh(), xa)
act_case("Softmax", nn.Softmax(dim=1), xa)
act_case("LogSoftmax", nn.LogSoftmax(dim=1), xa)
act_case("Softmax0", nn.Softmax(dim=0), xa)

bn=nn.BatchNorm2d(3)
with torch.no_grad():
    bn.weight.copy_(torch.tensor([1.,2.,0.5])); bn.bias.copy_(torch.tensor([0.,1.,-1.]))
x=pat([2,3,2,3],5,13,6,3).requires_grad_()
y=bn(x); c=pat(list(y.shape),7,9,4,4); (y*c).sum().backward()
case("BatchNorm2dTrain", y=y, gx=x.grad, gw=bn.weight.grad, gb=bn.bias.grad, rm=bn.running_mean, rv=bn.running_var)
bn.eval(); x2=pat([1,3,2,2],3,11,5,2)
case("BatchNorm2dEval", y=bn(x2))
print(repr(bn), bn.num_batches_tracked)

# losses
logits=pat([3,4],5,11,5,3).requires_grad_()
tgt=torch.tensor([1,3,0])
for red in ["mean","sum","none"]:
    lg=logits.detach().clone().requires_grad_()
    l=F.cross_entropy(lg,tgt,reduction=red); l.backward(torch.ones_like(l) if red=="none" else None) if red!="none" else (l*torch.tensor([1.,2.,3.])).sum().backward()
    case("CrossEntropy_"+red, l=l, g=lg.grad)
lp=F.log_softmax(pat([3,4],5,11,5,3),1).requires_grad_()
l=F.nll_loss(lp,tgt); l.backward(); case("NLL_mean", l=l, g=lp.grad)
a=pat([2,3],5,7,3,2).requires_grad_(); b=pat([2,3],3,7,3,2)
for red in ["mean","sum"]:
    aa=a.detach().clone().requires_grad_()
    l=F.mse_loss(aa,b,reduction=red); l.backward(); case("MSE_"+red, l=l, g=aa.grad)
    aa=a.detach().clone().requires_grad_()
    l=F.l1_loss(aa,b,reduction=red); l.backward(); case("L1_"+red, l=l, g=aa.grad)
inp=F.log_softmax(pat([2,3],5,7,3,2),1)
tp=torch.tensor([[0.5,0.5,0.],[0.2,0.3,0.5]])
for red in ["mean","batchmean","sum"]:
    ii=inp.detach().clone().requires_grad_()
    l=F.kl_div(ii,tp,reduction=red); l.backward(); case("KL_"+red, l=l, g=ii.grad)
ii=inp.detach().clone().requires_grad_()
lt=torch.log(torch.tensor([[0.25,0.25,0.5],[0.2,0.3,0.5]]))
l=F.kl_div(ii,lt,reduction="batchmean",log_target=True); l.backward(); case("KL_logtarget", l=l, g=ii.grad)
xb=torch.tensor([[-3.,0.,0.5],[2.,-0.25,40.]]).requires_grad_(); tb=torch.tensor([[0.,1.,1.],[0.5,0.,1.]])
l=F.binary_cross_entropy_with_logits(xb,tb); l.backward(); case("BCE_mean", l=l, g=xb.grad)

# optimizers: 3 steps with loss = sum(p*p*c) + sum(p) + sum(q*q*cq) + sum(q);
# q's 21 elements take the vector path of the update and its tail.
def opt_case(name, mk):
    p=pat([5],3,7,3,2).requires_grad_()
    q=pat([21],5,11,5,4).requires_grad_()
    o=mk([p, q]); c=torch.tensor([1.,2.,0.5,3.,1.5]); cq=pat([21],7,5,-3,2)
    for _ in range(3):
        o.zero_grad(); ((p*p*c).sum()+p.sum()+(q*q*cq).sum()+q.sum()).backward(); o.step()
    case(name, p=p, q=q)
opt_case("SGD_plain", lambda ps: torch.optim.SGD(ps, lr=0.1))
opt_case("SGD_momentum_wd", lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.01))
opt_case("SGD_nesterov", lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.8, nesterov=True))
opt_case("SGD_dampening", lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.8, dampening=0.5))
opt_case("Adam", lambda ps: torch.optim.Adam(ps, lr=0.01))
# A large eps shows where it is added: after the bias-corrected sqrt.
opt_case("Adam_big_eps", lambda ps: torch.optim.Adam(ps, lr=0.1, eps=0.5))
opt_case("Adam_wd_betas", lambda ps: torch.optim.Adam(ps, lr=0.05, betas=(0.8,0.99), eps=1e-6, weight_decay=0.1))

print(repr(nn.Linear(2,3)), repr(nn.Linear(2,3,bias=False)))
print(repr(nn.Conv2d(1,8,3,padding=1)))
print(repr(nn.MaxPool2d(2)), repr(nn.AvgPool2d(2)), repr(nn.Flatten()), repr(nn.Dropout()), repr(nn.Dropout(0.25)), repr(nn.Identity()), repr(nn.Softmax(dim=1)), repr(nn.Sigmoid()), repr(nn.Tanh()))
print(repr(nn.BatchNorm2d(8, eps=1e-3, momentum=0.01, affine=False, track_running_stats=False)))
print(repr(nn.MaxPool2d((2,3), stride=(1,2))))
print(repr(nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(16*7*7, 10))))

with open('torch_values_test.go','w') as f:
    f.write("package nnlib_test\n\n// Values computed with PyTorch 1.13.1 (Debian python3-torch).\nvar torchValues = map[string]map[string][]float32{\n")
    for name, kv in out:
        f.write('\t"%s": {\n' % name)
        for k,v in kv.items():
            if isinstance(v, list):
                f.write('\t\t"%s": {%s},\n' % (k, ", ".join(str(s) for s in v)))
            else:
                f.write('\t\t"%s": %s,\n' % (k, lit(v)[len("[]float32"):]))
        f.write('\t},\n')
    f.write("}\n")
