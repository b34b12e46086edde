package io.gleaner.forecaster.core;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An upper envelope of other forecasters: at each level and step, the largest of the members' forecasts plus a fixed
 * {@code headroom}, clamped to [0, 1]. A member's NaN (nothing to go on) is skipped; the step is NaN only when every
 * member's is.
 *
 * <p>The members err in different places: quantile regression under-forecasts hosts whose use sits a hair above its
 * fitted line for hours (flat memory), the seasonal quantile under-forecasts a quiet week's breakout. The envelope is
 * wrong only where both are. The headroom, a small constant such as 0.005 of capacity, covers use that sits exactly
 * at the forecast's level and creeps above it by less than the measurement's noise: on a flat series every such step
 * counts as a violation, at almost no cost in reclaimable capacity.
 */
public final class EnvelopeForecaster implements Forecaster {

    private final String name;
    private final List<Forecaster> members;
    private final double headroom;

    /**
     * @param name     the model's name, e.g. {@code qr|sq}
     * @param members  at least one forecaster
     * @param headroom added to the largest member forecast, in [0, 1)
     */
    public EnvelopeForecaster(String name, List<Forecaster> members, double headroom) {
        this.name = Objects.requireNonNull(name, "name");
        this.members = List.copyOf(members);
        if (this.members.isEmpty()) {
            throw new IllegalArgumentException("at least one member is needed");
        }
        if (!(headroom >= 0 && headroom < 1)) {
            throw new IllegalArgumentException("headroom must be in [0, 1), was " + headroom);
        }
        this.headroom = headroom;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public QuantileForecast forecast(Series history, ForecastRequest request) {
        double[] taus = request.quantiles();
        double[][] out = new double[taus.length][request.horizon()];
        for (double[] row : out) {
            Arrays.fill(row, Double.NaN);
        }
        for (Forecaster member : members) {
            double[][] values = member.forecast(history, request).values();
            for (int k = 0; k < taus.length; k++) {
                for (int h = 0; h < request.horizon(); h++) {
                    double f = values[k][h];
                    if (!Double.isNaN(f) && (Double.isNaN(out[k][h]) || f > out[k][h])) {
                        out[k][h] = f;
                    }
                }
            }
        }
        for (double[] row : out) {
            for (int h = 0; h < row.length; h++) {
                row[h] = SeriesWindows.clampFraction(row[h] + headroom);
            }
        }
        return new QuantileForecast(history.end(), history.step(), taus, out);
    }
}
