package pluginapi

import (
	"context"
	"runtime"
	"sync"

	goplugin "github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
)

// callJSON makes a call use the contract's codec.
var callJSON = grpc.CallContentSubtype(CodecName)

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

// NewServer is the plugin's gRPC server, with the contract's window. Streams are served by a
// fixed set of goroutines (one per CPU) while one is free, instead of a new goroutine per
// stream: a new goroutine starts with a small stack and grows it (a copy) while it decodes and
// encodes its first frames. Since the core keeps its Serve streams open, a goroutine serves one
// stream's requests one after the other and grows its stack once.
func NewServer(opts []grpc.ServerOption) *grpc.Server {
	return grpc.NewServer(append(opts, grpc.InitialWindowSize(WindowSize), grpc.InitialConnWindowSize(WindowSize),
		grpc.NumStreamWorkers(uint32(runtime.NumCPU())))...)
}

// ModuleClient calls a plugin's Module service (core side).
type ModuleClient struct {
	conn   *grpc.ClientConn
	broker *goplugin.GRPCBroker

	mu   sync.Mutex
	idle []*lane
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

// callFrame makes a Serve stream use the frame codec.
var callFrame = grpc.CallContentSubtype(FrameCodecName)

// maxIdleLanes is how many idle Serve streams a core keeps open to one plugin.
const maxIdleLanes = 64

// lane is one long-lived Serve stream; it carries one request at a time.
type lane struct {
	s      grpc.ClientStream
	cancel context.CancelFunc
	in     ResponseFrame // reused by Recv
}

// Exchange is one request to the plugin on a lane: Send its frames (the last with EOF), Recv
// the answer's frames (the last with EOF), then Close. A request is not served on a stream of
// its own: opening a gRPC stream (its headers both ways, its trailers, a goroutine in the
// plugin) cost more than the request's frames, so the core keeps the streams open and passes
// the next request on an idle one.
type Exchange struct {
	c       *ModuleClient
	l       *lane
	stop    func() bool
	sentEOF bool
	gotEOF  bool
}

// Send sends a request frame.
func (e *Exchange) Send(f *RequestFrame) error {
	if err := e.l.s.SendMsg(f); err != nil {
		return err
	}
	if f.EOF {
		e.sentEOF = true
	}
	return nil
}

// Recv receives the answer's next frame. The frame and its body are valid until the next Recv.
func (e *Exchange) Recv() (*ResponseFrame, error) {
	if err := e.l.s.RecvMsg(&e.l.in); err != nil {
		return nil, err
	}
	if e.l.in.EOF {
		e.gotEOF = true
	}
	return &e.l.in, nil
}

// Abort ends the exchange's stream: the plugin's handler sees its context cancelled and a Send
// or Recv waiting on the stream returns.
func (e *Exchange) Abort() { e.l.cancel() }

// Close ends the exchange: its lane goes back to the idle ones when the request and the answer
// were complete, else it is closed.
func (e *Exchange) Close() {
	if !e.stop() || !e.sentEOF || !e.gotEOF {
		e.l.cancel()
		return
	}
	e.l.in = ResponseFrame{}
	e.c.mu.Lock()
	if len(e.c.idle) < maxIdleLanes {
		e.c.idle = append(e.c.idle, e.l)
		e.l = nil
	}
	e.c.mu.Unlock()
	if e.l != nil {
		e.l.cancel()
	}
}

// Exchange starts a request on an idle lane, or on a new one. Cancelling ctx aborts it.
func (c *ModuleClient) Exchange(ctx context.Context) (*Exchange, error) {
	c.mu.Lock()
	var l *lane
	if n := len(c.idle); n > 0 {
		l, c.idle = c.idle[n-1], c.idle[:n-1]
	}
	c.mu.Unlock()
	if l == nil {
		sctx, cancel := context.WithCancel(context.Background())
		s, err := c.conn.NewStream(sctx, &moduleDesc.Streams[0], MethodServe, callFrame)
		if err != nil {
			cancel()
			return nil, err
		}
		l = &lane{s: s, cancel: cancel}
	}
	return &Exchange{c: c, l: l, stop: context.AfterFunc(ctx, l.cancel)}, nil
}

// Close closes the idle lanes (the process is going away).
func (c *ModuleClient) Close() {
	c.mu.Lock()
	idle := c.idle
	c.idle = nil
	c.mu.Unlock()
	for _, l := range idle {
		l.cancel()
	}
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
