/**
 * The reporting page's charts (ECharts, loaded with this chunk only): assortments and styles
 * per season, channel and region as grouped bars.
 */
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartCount, Charts as ChartData } from './api';
import { rmsg } from './messages';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const COLORS = ['#1f6feb', '#f08c00'];

function BarCard({ title, counts, testId }: { title: string; counts: ChartCount[]; testId: string }) {
  const intl = useIntl();
  const el = useRef<HTMLDivElement>(null);
  const none = intl.formatMessage(rmsg.none);
  const assortments = intl.formatMessage(rmsg.seriesAssortments);
  const styles = intl.formatMessage(rmsg.seriesStyles);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      color: COLORS,
      animation: false,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, data: [assortments, styles] },
      grid: { left: 40, right: 12, top: 34, bottom: 28 },
      xAxis: { type: 'category', data: counts.map((c) => c.key.trim() || none), axisLabel: { interval: 0, hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: assortments, type: 'bar', data: counts.map((c) => c.assortments), barMaxWidth: 28 },
        { name: styles, type: 'bar', data: counts.map((c) => c.styles), barMaxWidth: 28 },
      ],
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [counts, assortments, styles, none]);
  return (
    <figure className="rp-chart" data-testid={testId} data-bars={counts.length}>
      <figcaption className="rp-chart__title">{title}</figcaption>
      {counts.length === 0 ? (
        <p className="rp-chart__empty">{intl.formatMessage(rmsg.noData)}</p>
      ) : (
        <div ref={el} className="rp-chart__canvas" role="img" aria-label={title} />
      )}
      <table className="rp-sr">
        <caption>{title}</caption>
        <tbody>
          {counts.map((c) => (
            <tr key={c.key}>
              <th scope="row">{c.key.trim() || none}</th>
              <td>{c.assortments}</td>
              <td>{c.styles}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export default function Charts({ data }: { data: ChartData }) {
  const intl = useIntl();
  return (
    <div className="rp-charts">
      <BarCard title={intl.formatMessage(rmsg.bySeason)} counts={data.seasons} testId="chart-seasons" />
      <BarCard title={intl.formatMessage(rmsg.byChannel)} counts={data.channels} testId="chart-channels" />
      <BarCard title={intl.formatMessage(rmsg.byRegion)} counts={data.regions} testId="chart-regions" />
    </div>
  );
}
