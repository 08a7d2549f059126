// Package network implements NetworkService. Its calls answer Unimplemented until their feature lands.
package network

import (
	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
)

// Service implements networkv1connect.NetworkServiceHandler.
type Service struct {
	networkv1connect.UnimplementedNetworkServiceHandler

	Client *ent.Client
}

var _ networkv1connect.NetworkServiceHandler = (*Service)(nil)
