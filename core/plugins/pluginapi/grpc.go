package pluginapi

import (
	"context"
	"runtime"

	goplugin "github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
)

// callJSON makes a call use the contract's codec.
var callJSON = grpc.CallContentSubtype(CodecName)

// callFrame makes a Serve stream use the frame codec.
var callFrame = grpc.CallContentSubtype(FrameCodecName)

// ModuleServer is the plugin's side of the Module service (the SDK implements it).
type ModuleServer interface {
	Describe(ctx context.Context) (*Description, error)
	// Init gives the plugin its id and a client of the core's Host service.
	Init(ctx context.Context, req *InitRequest, host *HostClient) error
	Serve(stream ServeStream) error
}

// ServeStream is the plugin's end of one Serve call.
type ServeStream interface {
	Context() context.Context
	Recv() (*RequestFrame, error)
	Send(*ResponseFrame) error
}

// HostServer is the core's side of the Host service, one per plugin (it knows the plugin's id).
type HostServer interface {
	StoragePut(ctx context.Context, o *StorageObject) error
	StorageGet(ctx context.Context, k *StorageKey) (*StorageObject, error)
	StorageDelete(ctx context.Context, k *StorageKey) error
	StorageSignedURL(ctx context.Context, r *SignedURLRequest) (*SignedURL, error)
	DBQuery(ctx context.Context, s *Statement) (*Rows, error)
	DBExec(ctx context.Context, s *Statement) (*ExecResult, error)
}

// Plugin is the go-plugin plugin of the contract: on the plugin's side it serves Module, on the
// core's side it dispenses a *ModuleClient.
type Plugin struct {
	goplugin.NetRPCUnsupportedPlugin
	// Module is set on the plugin's side.
	Module ModuleServer
}

// GRPCServer registers the Module service (plugin side).
func (p *Plugin) GRPCServer(broker *goplugin.GRPCBroker, s *grpc.Server) error {
	s.RegisterService(&moduleDesc, &moduleHandler{impl: p.Module, broker: broker})
	return nil
}

// GRPCClient returns the core's client of the Module service.
func (p *Plugin) GRPCClient(_ context.Context, broker *goplugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return &ModuleClient{conn: c, broker: broker}, nil
}

// Plugins is the plugin map both sides pass to go-plugin.
func Plugins(m ModuleServer) map[string]goplugin.Plugin {
	return map[string]goplugin.Plugin{PluginName: &Plugin{Module: m}}
}

// DialOptions are the core's options of its connection to a plugin.
func DialOptions() []grpc.DialOption {
	return []grpc.DialOption{grpc.WithInitialWindowSize(WindowSize), grpc.WithInitialConnWindowSize(WindowSize)}
}

// NewServer is the plugin's gRPC server, with the contract's window. Requests are served by a
// fixed set of goroutines (one per CPU) instead of a new goroutine per stream: a new goroutine
// starts with a small stack and grows it (a copy) on every request that decodes and encodes its
// frames, which was a fifth of a small request's time in the plugin.
func NewServer(opts []grpc.ServerOption) *grpc.Server {
	return grpc.NewServer(append(opts, grpc.InitialWindowSize(WindowSize), grpc.InitialConnWindowSize(WindowSize),
		grpc.NumStreamWorkers(uint32(runtime.NumCPU())))...)
}

// ModuleClient calls a plugin's Module service (core side).
type ModuleClient struct {
	conn   *grpc.ClientConn
	broker *goplugin.GRPCBroker
}

// Describe asks the plugin for its routes.
func (c *ModuleClient) Describe(ctx context.Context) (*Description, error) {
	out := &Description{}
	return out, c.conn.Invoke(ctx, MethodDescribe, &Empty{}, out, callJSON)
}

// Init serves host on the broker and tells the plugin where.
func (c *ModuleClient) Init(ctx context.Context, pluginID string, host HostServer) error {
	id := c.broker.NextId()
	go c.broker.AcceptAndServe(id, func(opts []grpc.ServerOption) *grpc.Server {
		s := grpc.NewServer(opts...)
		s.RegisterService(&hostDesc, host)
		return s
	})
	return c.conn.Invoke(ctx, MethodInit, &InitRequest{PluginID: pluginID, HostBroker: id}, &Empty{}, callJSON)
}

// ClientStream is the core's end of one Serve call.
type ClientStream struct{ s grpc.ClientStream }

// Send sends a request frame.
func (c *ClientStream) Send(f *RequestFrame) error { return c.s.SendMsg(f) }

// CloseSend ends the request side.
func (c *ClientStream) CloseSend() error { return c.s.CloseSend() }

// Recv receives a response frame (io.EOF after the last).
func (c *ClientStream) Recv() (*ResponseFrame, error) {
	f := &ResponseFrame{}
	if err := c.s.RecvMsg(f); err != nil {
		return nil, err
	}
	return f, nil
}

// Serve opens a Serve stream; cancelling ctx ends it.
func (c *ModuleClient) Serve(ctx context.Context) (*ClientStream, error) {
	s, err := c.conn.NewStream(ctx, &moduleDesc.Streams[0], MethodServe, callFrame)
	if err != nil {
		return nil, err
	}
	return &ClientStream{s: s}, nil
}

// headOnly is the Serve stream as the core opens it for a request without a body: its one
// frame also ends the core's side, in the same HTTP/2 frame (the plugin sees the same stream).
var headOnly = grpc.StreamDesc{StreamName: "Serve", ServerStreams: true}

// ServeHead opens a Serve stream for a request without a body and sends its one frame.
func (c *ModuleClient) ServeHead(ctx context.Context, f *RequestFrame) (*ClientStream, error) {
	s, err := c.conn.NewStream(ctx, &headOnly, MethodServe, callFrame)
	if err != nil {
		return nil, err
	}
	if err := s.SendMsg(f); err != nil {
		return nil, err
	}
	return &ClientStream{s: s}, nil
}

type moduleHandler struct {
	impl   ModuleServer
	broker *goplugin.GRPCBroker
}

type serverStream struct{ grpc.ServerStream }

func (s serverStream) Recv() (*RequestFrame, error) {
	f := &RequestFrame{}
	if err := s.RecvMsg(f); err != nil {
		return nil, err
	}
	return f, nil
}

func (s serverStream) Send(f *ResponseFrame) error { return s.SendMsg(f) }

func unary[Req any, Resp any](call func(srv any, ctx context.Context, req *Req) (*Resp, error)) func(any, context.Context, func(any) error, grpc.UnaryServerInterceptor) (any, error) {
	return func(srv any, ctx context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
		req := new(Req)
		if err := dec(req); err != nil {
			return nil, err
		}
		return call(srv, ctx, req)
	}
}

var moduleDesc = grpc.ServiceDesc{
	ServiceName: ModuleService,
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "Describe", Handler: unary(func(srv any, ctx context.Context, _ *Empty) (*Description, error) {
			return srv.(*moduleHandler).impl.Describe(ctx)
		})},
		{MethodName: "Init", Handler: unary(func(srv any, ctx context.Context, req *InitRequest) (*Empty, error) {
			h := srv.(*moduleHandler)
			conn, err := h.broker.Dial(req.HostBroker)
			if err != nil {
				return nil, err
			}
			return &Empty{}, h.impl.Init(ctx, req, &HostClient{conn: conn})
		})},
	},
	Streams: []grpc.StreamDesc{{
		StreamName:    "Serve",
		ServerStreams: true,
		ClientStreams: true,
		Handler: func(srv any, stream grpc.ServerStream) error {
			return srv.(*moduleHandler).impl.Serve(serverStream{stream})
		},
	}},
}

var hostDesc = grpc.ServiceDesc{
	ServiceName: HostService,
	HandlerType: (*HostServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "StoragePut", Handler: unary(func(srv any, ctx context.Context, o *StorageObject) (*Empty, error) {
			return &Empty{}, srv.(HostServer).StoragePut(ctx, o)
		})},
		{MethodName: "StorageGet", Handler: unary(func(srv any, ctx context.Context, k *StorageKey) (*StorageObject, error) {
			return srv.(HostServer).StorageGet(ctx, k)
		})},
		{MethodName: "StorageDelete", Handler: unary(func(srv any, ctx context.Context, k *StorageKey) (*Empty, error) {
			return &Empty{}, srv.(HostServer).StorageDelete(ctx, k)
		})},
		{MethodName: "StorageSignedURL", Handler: unary(func(srv any, ctx context.Context, r *SignedURLRequest) (*SignedURL, error) {
			return srv.(HostServer).StorageSignedURL(ctx, r)
		})},
		{MethodName: "DBQuery", Handler: unary(func(srv any, ctx context.Context, s *Statement) (*Rows, error) {
			return srv.(HostServer).DBQuery(ctx, s)
		})},
		{MethodName: "DBExec", Handler: unary(func(srv any, ctx context.Context, s *Statement) (*ExecResult, error) {
			return srv.(HostServer).DBExec(ctx, s)
		})},
	},
}

// HostClient calls the core's Host service (plugin side).
type HostClient struct{ conn *grpc.ClientConn }

// StoragePut stores o under the plugin's prefix.
func (h *HostClient) StoragePut(ctx context.Context, o *StorageObject) error {
	return h.conn.Invoke(ctx, MethodStoragePut, o, &Empty{}, callJSON)
}

// StorageGet reads a blob.
func (h *HostClient) StorageGet(ctx context.Context, key string) (*StorageObject, error) {
	out := &StorageObject{}
	return out, h.conn.Invoke(ctx, MethodStorageGet, &StorageKey{Key: key}, out, callJSON)
}

// StorageDelete removes a blob.
func (h *HostClient) StorageDelete(ctx context.Context, key string) error {
	return h.conn.Invoke(ctx, MethodStorageDelete, &StorageKey{Key: key}, &Empty{}, callJSON)
}

// StorageSignedURL returns a download URL of a blob.
func (h *HostClient) StorageSignedURL(ctx context.Context, r *SignedURLRequest) (string, error) {
	out := &SignedURL{}
	return out.URL, h.conn.Invoke(ctx, MethodStorageSignedURL, r, out, callJSON)
}

// DBQuery runs a query in the plugin's schema.
func (h *HostClient) DBQuery(ctx context.Context, sql string, args ...any) (*Rows, error) {
	out := &Rows{}
	return out, h.conn.Invoke(ctx, MethodDBQuery, &Statement{SQL: sql, Args: args}, out, callJSON)
}

// DBExec runs a statement in the plugin's schema.
func (h *HostClient) DBExec(ctx context.Context, sql string, args ...any) (int64, error) {
	out := &ExecResult{}
	err := h.conn.Invoke(ctx, MethodDBExec, &Statement{SQL: sql, Args: args}, out, callJSON)
	return out.RowsAffected, err
}
