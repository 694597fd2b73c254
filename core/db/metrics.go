package db

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"its/core/metrics"
)

// poolCollector reports the connection pool's statistics (pgxpool.Stat) when scraped.
type poolCollector struct {
	pool             *pgxpool.Pool
	gauges, counters map[string]*prometheus.Desc
}

func newPoolCollector(pool *pgxpool.Pool) *poolCollector {
	d := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc(metrics.Namespace+"_db_pool_"+name, help, nil, nil)
	}
	return &poolCollector{pool: pool,
		gauges: map[string]*prometheus.Desc{
			"acquired":     d("acquired_connections", "Connections in use."),
			"idle":         d("idle_connections", "Idle connections."),
			"total":        d("connections", "Open connections (acquired, idle and being opened)."),
			"max":          d("max_connections", "Largest number of connections the pool opens."),
			"constructing": d("constructing_connections", "Connections being opened."),
		},
		counters: map[string]*prometheus.Desc{
			"acquires":       d("acquires_total", "Connections handed out."),
			"acquireSeconds": d("acquire_seconds_total", "Time spent waiting for a connection."),
			"emptyAcquires":  d("empty_acquires_total", "Acquires that had to wait: no idle connection was ready."),
			"canceled":       d("canceled_acquires_total", "Acquires given up by their context."),
		},
	}
}

func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.gauges {
		ch <- d
	}
	for _, d := range c.counters {
		ch <- d
	}
}

func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	g := func(k string, v float64) { ch <- prometheus.MustNewConstMetric(c.gauges[k], prometheus.GaugeValue, v) }
	n := func(k string, v float64) {
		ch <- prometheus.MustNewConstMetric(c.counters[k], prometheus.CounterValue, v)
	}
	g("acquired", float64(s.AcquiredConns()))
	g("idle", float64(s.IdleConns()))
	g("total", float64(s.TotalConns()))
	g("max", float64(s.MaxConns()))
	g("constructing", float64(s.ConstructingConns()))
	n("acquires", float64(s.AcquireCount()))
	n("acquireSeconds", s.AcquireDuration().Seconds())
	n("emptyAcquires", float64(s.EmptyAcquireCount()))
	n("canceled", float64(s.CanceledAcquireCount()))
}
