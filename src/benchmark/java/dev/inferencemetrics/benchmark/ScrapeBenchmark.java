package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.database.EmbeddedPostgresServer;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.scrape.AllowListService;
import dev.inferencemetrics.scrape.ScrapeTargetService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.TestDataSets;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.stream.Stream;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * CPU the scraper uses for 1,000 targets at a 15 s interval, each serving the published SGLang scrape, beside two
 * baselines measured in the same run: the application idle, and the same 1,000 fetches every 15 s with bare clients
 * (no parsing, no storing): the JDK's HttpClient, and HttpURLConnection, which the scraper uses. All engines are one local server in this JVM; its threads' CPU is
 * measured apart and left out of the application's. Not a test: run it as BENCHMARKS.md says.
 */
public final class ScrapeBenchmark {

    private static final int TARGETS = Integer.getInteger("benchmark.targets", 1000);
    private static final Duration PHASE = Duration.ofSeconds(Long.getLong("benchmark.seconds", 60));
    private static final Duration INTERVAL = Duration.ofSeconds(15);

    private ScrapeBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path data = Files.createTempDirectory("inference-metrics-scrape-benchmark-");
        String scrape = Files.readString(TestDataSets.ENGINE_METRICS.resolve("sglang-llama31-8b-under-load.txt"));
        try (FixtureEngines engines = new FixtureEngines(scrape);
                ConfigurableApplicationContext app = QuietApplication.start(
                        data,
                        "--inference-metrics.demo.enabled=true",
                        "--inference-metrics.demo.simulator.enabled=false",
                        "--inference-metrics.scrape.enabled=true",
                        // one tenant holds every target here, past the default cap of 200, and may use every slot
                        // but one (its default share, 16 at once, keeps up with fewer targets than these)
                        "--inference-metrics.scrape.max-targets-per-tenant=" + TARGETS,
                        "--inference-metrics.scrape.tenant-concurrency=64")) {
            CpuMeter cpu = CpuMeter.forDataDirectory(
                    app.getBean(EmbeddedPostgresServer.class).dataDirectory());
            progress("measuring the idle application");
            Figures idle = measure(cpu, engines, () -> sleep(PHASE));
            progress("fetching " + TARGETS + " targets every 15 s with a bare HttpClient");
            Figures fetchOnly = measure(cpu, engines, () -> fetchEvery(engines, PHASE));
            progress("fetching " + TARGETS + " targets every 15 s with bare HttpURLConnections");
            Figures urlConnection = measure(cpu, engines, () -> fetchEveryByUrlConnection(engines, PHASE));
            addTargets(app, engines);
            progress("warming up the scraper");
            sleep(INTERVAL.plusSeconds(5));
            progress("scraping " + TARGETS + " targets every 15 s");
            Figures scraping = measure(cpu, engines, () -> sleep(PHASE));
            report(idle, fetchOnly, urlConnection, scraping);
        } finally {
            deleteRecursively(data);
        }
    }

    private static void addTargets(ConfigurableApplicationContext app, FixtureEngines engines) {
        DeploymentService deployments = app.getBean(DeploymentService.class);
        ScrapeTargetService targets = app.getBean(ScrapeTargetService.class);
        app.getBean(AllowListService.class).add(TenantScope.allTenants(), "benchmark", "127.0.0.1");
        DeploymentRef sandbox = deployments.require(TenantScope.allTenants(), "sandbox");
        int perDeployment = 50;
        for (int i = 0; i < TARGETS; i++) {
            String slug = "scrape-benchmark-" + i / perDeployment;
            deployments.createIfAbsent(new DeploymentDefinition(
                    sandbox.tenantId(), slug, slug, "meta-llama/Llama-3.1-8B", "SGLang", "local"));
            targets.add(
                    TenantScope.tenant(sandbox.tenantId()),
                    slug,
                    engines.url("/engine/" + i + "/metrics"),
                    "replica-" + i,
                    null,
                    null,
                    null);
        }
    }

    private static void fetchEvery(FixtureEngines engines, Duration phase) {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
        Semaphore slots = new Semaphore(64);
        long end = System.nanoTime() + phase.toNanos();
        long spacing = INTERVAL.toNanos() / TARGETS;
        for (long i = 0; System.nanoTime() < end; i++) {
            sleepUntil(System.nanoTime() + spacing);
            slots.acquireUninterruptibly();
            HttpRequest request = HttpRequest.newBuilder(URI.create(engines.url("/engine/" + i % TARGETS + "/metrics")))
                    .build();
            CompletableFuture<HttpResponse<String>> answer =
                    client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
            answer.whenComplete((response, error) -> slots.release());
        }
    }

    /** The same fetches with the client the scraper uses: kept-alive {@link HttpURLConnection}s on virtual threads. */
    private static void fetchEveryByUrlConnection(FixtureEngines engines, Duration phase) {
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            Semaphore slots = new Semaphore(64);
            long end = System.nanoTime() + phase.toNanos();
            long spacing = INTERVAL.toNanos() / TARGETS;
            for (long i = 0; System.nanoTime() < end; i++) {
                sleepUntil(System.nanoTime() + spacing);
                slots.acquireUninterruptibly();
                String url = engines.url("/engine/" + i % TARGETS + "/metrics");
                executor.execute(() -> {
                    try {
                        HttpURLConnection connection =
                                (HttpURLConnection) URI.create(url).toURL().openConnection(Proxy.NO_PROXY);
                        try (InputStream body = connection.getInputStream()) {
                            body.readAllBytes();
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    } finally {
                        slots.release();
                    }
                });
            }
        }
    }

    /** CPU of one phase; the application's excludes the local engines' threads, shown apart. */
    private record Figures(
            double wallSeconds,
            double appCpuSeconds,
            double databaseCpuSeconds,
            double engineCpuSeconds,
            long scrapes) {
        double cores() {
            return (appCpuSeconds + databaseCpuSeconds) / wallSeconds;
        }
    }

    private static Figures measure(CpuMeter cpu, FixtureEngines engines, Runnable phase) throws IOException {
        CpuMeter.Reading start = cpu.read();
        long engineStart = FixtureEngines.cpuNanos();
        long served = engines.served();
        long started = System.nanoTime();
        phase.run();
        double wall = (System.nanoTime() - started) / 1e9;
        CpuMeter.Reading used = cpu.read().since(start);
        double engine = (FixtureEngines.cpuNanos() - engineStart) / 1e9;
        return new Figures(
                wall, used.appNanos() / 1e9 - engine, used.databaseNanos() / 1e9, engine, engines.served() - served);
    }

    private static void report(Figures idle, Figures fetchOnly, Figures urlConnection, Figures scraping) {
        System.out.printf(
                "%nScraping %,d targets at a 15 s interval (%,.0f s per phase)%n%n", TARGETS, PHASE.toSeconds() + 0.0);
        System.out.println(
                "| phase | scrapes/s | app CPU s | PostgreSQL CPU s | cores used (app + PostgreSQL) | ÷ idle | local engines' CPU s |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (var row : new Object[][] {
            {"idle application", idle},
            {"bare fetches, java.net.http.HttpClient (no parse, no store)", fetchOnly},
            {"bare fetches, HttpURLConnection (no parse, no store)", urlConnection},
            {"scraping (fetch, parse, store)", scraping}
        }) {
            Figures f = (Figures) row[1];
            System.out.printf(
                    "| %s | %.1f | %.1f | %.1f | %.3f | %.1f× | %.1f |%n",
                    row[0],
                    f.scrapes() / f.wallSeconds(),
                    f.appCpuSeconds(),
                    f.databaseCpuSeconds(),
                    f.cores(),
                    f.cores() / idle.cores(),
                    f.engineCpuSeconds());
        }
        double net = scraping.cores() - idle.cores();
        System.out.printf(
                "%nScraping uses %.3f cores (%.3f above idle, %.3f above the bare HttpURLConnection fetches); target"
                        + " under 0.25 of one core: %s%n",
                scraping.cores(),
                net,
                scraping.cores() - urlConnection.cores(),
                scraping.cores() < 0.25 ? "met" : "missed");
    }

    private static void sleep(Duration duration) {
        sleepUntil(System.nanoTime() + duration.toNanos());
    }

    private static void sleepUntil(long nanoTime) {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            try {
                Thread.sleep(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void progress(String step) {
        System.err.println("benchmark: " + step + " …");
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
