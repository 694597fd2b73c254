// Package metrics is ITS's Prometheus instrumentation: one registry per app (no global state),
// the HTTP, authorization, job and upload instruments the core records into, and the handler
// that serves them in the Prometheus text format. Who may read them is decided by the caller of
// Handler (see core/app): a separate listen address, or a bearer token on the main one.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/fx"
)

// Namespace prefixes every ITS metric.
const Namespace = "its"

// Metrics holds the registry and the instruments. A nil *Metrics records nothing, so packages
// built outside the app (tests, tools) need none.
type Metrics struct {
	Registry *prometheus.Registry

	httpRequests   *prometheus.CounterVec
	httpDuration   *prometheus.HistogramVec
	authzDecisions *prometheus.CounterVec
	authzDuration  prometheus.Histogram
	jobsWorked     *prometheus.CounterVec
	uploadsStarted prometheus.Counter
	uploadsDone    prometheus.Counter
	uploadBytes    prometheus.Counter
}

// New makes the registry with the Go runtime and process collectors and the core's instruments.
func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		httpRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "http", Name: "requests_total",
			Help: "HTTP requests answered, by route pattern, module, method and status code.",
		}, []string{"route", "module", "method", "code"}),
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern, module and method.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "module", "method"}),
		authzDecisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "authz", Name: "decisions_total",
			Help: "Policy decisions, by outcome (allow, deny, error).",
		}, []string{"decision"}),
		authzDuration: prometheus.NewHistogram(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "authz", Name: "decision_duration_seconds",
			Help:    "Time to evaluate one policy decision.",
			Buckets: []float64{.00001, .000025, .00005, .0001, .00025, .0005, .001, .0025, .005, .01},
		}),
		jobsWorked: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "jobs", Name: "worked_total",
			Help: "Jobs worked by this server, by kind and outcome (completed, failed).",
		}, []string{"kind", "outcome"}),
		uploadsStarted: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "uploads", Name: "started_total",
			Help: "Multipart uploads started.",
		}),
		uploadsDone: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "uploads", Name: "completed_total",
			Help: "Multipart uploads completed and recorded.",
		}),
		uploadBytes: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "uploads", Name: "completed_bytes_total",
			Help: "Bytes of the completed uploads.",
		}),
	}
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.httpRequests, m.httpDuration, m.authzDecisions, m.authzDuration,
		m.jobsWorked, m.uploadsStarted, m.uploadsDone, m.uploadBytes,
	)
	return m
}

// Module provides the app's *Metrics.
var Module = fx.Module("metrics", fx.Provide(New))

// MustRegister adds collectors of other packages (the pool's, the queue's).
func (m *Metrics) MustRegister(cs ...prometheus.Collector) {
	if m != nil {
		m.Registry.MustRegister(cs...)
	}
}

// Handler serves the registry in the Prometheus text format, to whoever the caller lets through.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry})
}

// Authz records one policy decision.
func (m *Metrics) Authz(allowed bool, err error, took time.Duration) {
	if m == nil {
		return
	}
	d := "deny"
	switch {
	case err != nil:
		d = "error"
	case allowed:
		d = "allow"
	}
	m.authzDecisions.WithLabelValues(d).Inc()
	m.authzDuration.Observe(took.Seconds())
}

// AuthzDeadline records a policy decision refused for running past its deadline.
func (m *Metrics) AuthzDeadline(took time.Duration) {
	if m == nil {
		return
	}
	m.authzDecisions.WithLabelValues("deadline").Inc()
	m.authzDuration.Observe(took.Seconds())
}

// JobWorked records a job this server worked.
func (m *Metrics) JobWorked(kind string, err error) {
	if m == nil {
		return
	}
	outcome := "completed"
	if err != nil {
		outcome = "failed"
	}
	m.jobsWorked.WithLabelValues(kind, outcome).Inc()
}

// UploadStarted records a multipart upload begun.
func (m *Metrics) UploadStarted() {
	if m != nil {
		m.uploadsStarted.Inc()
	}
}

// UploadCompleted records an upload assembled and recorded, with its size.
func (m *Metrics) UploadCompleted(bytes int64) {
	if m != nil {
		m.uploadsDone.Inc()
		m.uploadBytes.Add(float64(bytes))
	}
}

// ModuleOf names the module that declared a route (method and chi pattern), "" for none.
type ModuleOf func(method, pattern string) string

// HTTP measures every request by its chi route pattern, never the raw path: a path holds ids
// and user input, which would make a label value per request. Requests no route matched count
// under the catch-all pattern that answered them.
func (m *Metrics) HTTP(moduleOf ModuleOf) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			finished := false
			defer func() {
				route := "unmatched"
				if rc := chi.RouteContext(r.Context()); rc != nil {
					if p := rc.RoutePattern(); p != "" {
						route = p
					}
				}
				module := ""
				if moduleOf != nil {
					module = moduleOf(r.Method, route)
				}
				status := ww.Status()
				switch {
				case !finished:
					// The handler panicked; the recovery outside answers 500 or drops the connection.
					status = http.StatusInternalServerError
				case status == 0:
					status = http.StatusOK
				}
				method := methodLabel(r.Method)
				m.httpRequests.WithLabelValues(route, module, method, strconv.Itoa(status)).Inc()
				m.httpDuration.WithLabelValues(route, module, method).Observe(time.Since(start).Seconds())
			}()
			next.ServeHTTP(ww, r)
			finished = true
		})
	}
}

// methodLabel keeps the label's values bounded: a client can send any method name.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}
