# A Jupyter image with the gohooks kernel, following the Jupyter Docker
# Stacks conventions: it builds on their base-notebook image, runs as the
# non-root user jovyan (NB_UID 1000), installs the kernelspec for that user
# and puts the notebooks in the home folder. JupyterHub's DockerSpawner and
# KubeSpawner can use it as the single-user image as it is.
#
#   docker build -t gohooks-notebook .
#   docker run -p 8888:8888 gohooks-notebook
ARG GO_VERSION=1.26

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
COPY third_party ./third_party
RUN go mod download
COPY . .
RUN GOHOOKS_OPENBLAS=0 CGO_ENABLED=0 go build -trimpath -o /out/gohooks ./cmd/gohooks

FROM quay.io/jupyter/base-notebook
# The Go toolchain stays in the image: a cell that imports a Go module
# resolves it with the go command, and generic standard packages are read
# from GOROOT's source.
COPY --from=build /usr/local/go /usr/local/go
COPY --from=build /out/gohooks /usr/local/bin/gohooks
ENV PATH=/usr/local/go/bin:${PATH} \
    GOPATH=/home/${NB_USER}/go
USER ${NB_UID}
RUN gohooks install --user && gohooks version
COPY --chown=${NB_UID}:${NB_GID} notebooks /home/${NB_USER}/notebooks
WORKDIR /home/${NB_USER}
