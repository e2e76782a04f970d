package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.alert.AlertRule;
import dev.inferencemetrics.alert.BurnReplay;
import dev.inferencemetrics.alert.Severity;
import dev.inferencemetrics.alert.TotalRegression;
import dev.inferencemetrics.demo.DemoObjectiveMinutes;
import dev.inferencemetrics.slo.EventCounts;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * How fast the default burn-rate rules page, and whether they page when nothing is wrong, on simulated traffic: a
 * pure replay ({@link BurnReplay}: the evaluator's windows, thresholds and state machine, no database).
 *
 * <ol>
 *   <li>Minutes from the start of a total regression (every request bad, after six healthy hours at 30 requests a
 *       minute) to the first page, for objectives of 90 to 99.9 %, beside the minutes the workbook's 14.4× fast burn
 *       alone would take.
 *   <li>Pages and tickets over simulated days of the demo's own traffic model, objective by objective.
 * </ol>
 *
 * Not a test: see BENCHMARKS.md, "Pages under regression and on a normal day".
 */
public final class PageTimeBenchmark {

    private static final int HEALTHY_MINUTES = 360;
    private static final int PER_MINUTE = 30;

    private PageTimeBenchmark() {}

    public static void main(String[] args) {
        int days = Integer.getInteger("benchmark.days", 3);
        long started = System.nanoTime();
        System.out.println("Total regression: minutes from its start to the first page");
        System.out.println();
        System.out.println("| target | largest burn | sudden burn asks | fast burn asks | first page | page by |"
                + " workbook fast burn alone |");
        System.out.println("| ---: | ---: | ---: | ---: | ---: | --- | ---: |");
        for (double target : new double[] {90, 93, 95, 99, 99.5, 99.9}) {
            SloObjective objective = new SloObjective(SloKind.TTFT, target, 500.0, true);
            List<BurnReplay.Firing> firings = BurnReplay.replay(objective, regression(objective));
            BurnReplay.Firing first = firings.stream()
                    .filter(firing -> firing.severity() == Severity.PAGE)
                    .findFirst()
                    .orElseThrow();
            double max = objective.maxBurnRate();
            List<AlertRule> rules = BurnReplay.defaultBurnRules(objective);
            AlertRule fast = rule(rules, "TTFT fast burn");
            System.out.printf(
                    Locale.ROOT,
                    "| %s %% | %s× | %s× | %s× | %d min | %s | %s |%n",
                    number(target),
                    number(max),
                    number(rule(rules, "TTFT sudden burn")
                            .reachableFor(objective)
                            .threshold()),
                    number(fast.reachableFor(objective).threshold()),
                    first.minute() - HEALTHY_MINUTES,
                    first.rule().replace("TTFT ", ""),
                    max < fast.threshold()
                            ? "never"
                            : (int) Math.ceil(fast.threshold()
                                            / max
                                            * fast.longWindow().toMinutes()) + " min");
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "The demo's traffic, %d simulated days from 2026-11-20%n%n", days);
        System.out.println("| deployment | objective | events a day | worst hour's burn | pages (by rule) | tickets |");
        System.out.println("| --- | --- | ---: | ---: | --- | ---: |");
        for (DemoObjectiveMinutes.ObjectiveMinutes minutes :
                DemoObjectiveMinutes.of(Instant.parse("2026-11-20T00:00:00Z"), Duration.ofDays(days))) {
            List<BurnReplay.Firing> firings = BurnReplay.replay(minutes.objective(), minutes.minutes());
            long events =
                    minutes.minutes().stream().mapToLong(EventCounts::total).sum();
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %s | %,d | %.1f× | %s | %d |%n",
                    minutes.deployment(),
                    minutes.objective().describe(),
                    events / days,
                    worstHour(minutes.objective(), minutes.minutes()),
                    pages(firings),
                    firings.stream()
                            .filter(f -> f.severity() == Severity.TICKET)
                            .count());
        }
        System.out.println();
        System.out.println("A noisy day: 5 to 55 requests a minute (uniform), each bad with a multiple of the allowed"
                + " share; pages (by rule) in 24 hours");
        System.out.println();
        System.out.println("| target | 1× the allowed bad share | 2× | 3× | 5× |");
        System.out.println("| ---: | --- | --- | --- | --- |");
        for (double target : new double[] {95, 99, 99.9}) {
            SloObjective objective = new SloObjective(SloKind.TTFT, target, 500.0, true);
            StringBuilder row = new StringBuilder("| " + number(target) + " % |");
            for (double multiple : new double[] {1, 2, 3, 5}) {
                row.append(' ').append(pages(BurnReplay.replay(objective, noisyDay(objective, multiple))));
                row.append(" |");
            }
            System.out.println(row);
        }
        System.out.printf(Locale.ROOT, "%nReplayed in %.1f s%n", (System.nanoTime() - started) / 1e9);
    }

    /** "0", or "3 (2 sudden burn, 1 fast burn)". */
    private static String pages(List<BurnReplay.Firing> firings) {
        Map<String, Long> byRule = new TreeMap<>();
        firings.stream()
                .filter(firing -> firing.severity() == Severity.PAGE)
                .forEach(firing -> byRule.merge(firing.rule().replaceFirst("^\\S+ ", ""), 1L, Long::sum));
        long total = byRule.values().stream().mapToLong(Long::longValue).sum();
        if (total == 0) {
            return "0";
        }
        StringBuilder text = new StringBuilder(total + " (");
        byRule.forEach(
                (rule, count) -> text.append(count).append(' ').append(rule).append(", "));
        return text.substring(0, text.length() - 2) + ")";
    }

    private static List<EventCounts> noisyDay(SloObjective objective, double multiple) {
        SplittableRandom random = new SplittableRandom(7);
        List<EventCounts> day = new ArrayList<>();
        for (int m = 0; m < 1440; m++) {
            int total = 5 + random.nextInt(51);
            int bad = 0;
            for (int r = 0; r < total; r++) {
                if (random.nextDouble() < multiple * objective.allowedBadFraction()) {
                    bad++;
                }
            }
            day.add(new EventCounts(total - bad, total));
        }
        return day;
    }

    private static AlertRule rule(List<AlertRule> rules, String name) {
        return rules.stream()
                .filter(rule -> rule.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static List<EventCounts> regression(SloObjective objective) {
        return TotalRegression.minutes(objective, HEALTHY_MINUTES, PER_MINUTE, 120);
    }

    private static double worstHour(SloObjective objective, List<EventCounts> minutes) {
        double worst = 0;
        for (int start = 0; start + 60 <= minutes.size(); start++) {
            long good = 0;
            long total = 0;
            for (EventCounts minute : minutes.subList(start, start + 60)) {
                good += minute.good();
                total += minute.total();
            }
            worst = Math.max(worst, objective.burnRate(new EventCounts(good, total)));
        }
        return worst;
    }

    private static String number(double value) {
        return java.math.BigDecimal.valueOf(value)
                .setScale(2, java.math.RoundingMode.HALF_UP)
                .stripTrailingZeros()
                .toPlainString();
    }
}
