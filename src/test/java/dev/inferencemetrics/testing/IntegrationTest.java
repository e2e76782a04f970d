package dev.inferencemetrics.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.AliasFor;

/**
 * A full application context on a real PostgreSQL ({@link TestDatabase}) with the demo world seeded (but no demo
 * traffic), serving HTTP on a random port. All integration tests share that one context: a second one (say, without
 * a server) would take over Spring Security's global context-holder strategy, and tests of the first would then see
 * nobody signed in. Every test signs in from the same address, so the per-address sign-in throttle is set high. The
 * context is ready once its pages are served ({@link FrontendReady}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(
        properties = {
            "inference-metrics.demo.enabled=true",
            "inference-metrics.demo.simulator.enabled=false",
            "inference-metrics.management.scrape-token=" + IntegrationTest.SCRAPE_TOKEN,
            "inference-metrics.sign-in-throttle.failures-per-address=1000",
            "inference-metrics.alerts.evaluator=false",
            // a webhook that never finishes its answer fails its send after this long (SlowWebhookIT)
            "inference-metrics.notifications.send-deadline=PT5S",
            // tests start scrapes themselves (ScrapeRunner.scrapeDueNow), so that they know when one happened
            "inference-metrics.scrape.enabled=false",
            // tests fold the dimension rollup deltas themselves (DimensionDeltaFold.foldWaiting), when they choose
            "inference-metrics.dimension-fold.enabled=false",
            // OTLP/gRPC on any free port (OtlpGrpcServer.port()), so that builds side by side do not collide
            "inference-metrics.otlp.grpc.port=0"
        })
@Import({TestDatabase.class, FrontendReady.class, ConnectionsPerThread.class})
public @interface IntegrationTest {

    /** What the test server's Prometheus scraper presents. */
    String SCRAPE_TOKEN = "test-scrape-token";

    @AliasFor(annotation = SpringBootTest.class)
    SpringBootTest.WebEnvironment webEnvironment() default SpringBootTest.WebEnvironment.RANDOM_PORT;
}
