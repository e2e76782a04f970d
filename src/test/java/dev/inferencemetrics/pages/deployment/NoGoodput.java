package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.metrics.GoodputFigures;
import dev.inferencemetrics.metrics.GoodputFigures.BreachCount;
import dev.inferencemetrics.metrics.GoodputFigures.Breaches;
import java.util.List;

/** Goodput figures of a window without requests, for tests of other parts of the Metrics tab. */
final class NoGoodput {

    private NoGoodput() {}

    static GoodputFigures figures() {
        BreachCount none = new BreachCount(0, null);
        return new GoodputFigures(
                new GoodputSlo(500.0, 250.0, null),
                null,
                0,
                0,
                0,
                0,
                0,
                null,
                0,
                0,
                null,
                new Breaches(none, none, none, none, none, none, none),
                List.of());
    }
}
