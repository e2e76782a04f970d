package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.notify.ChannelKind;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.notify.NewChannel;
import dev.inferencemetrics.otlp.OtlpGrpcServer;
import dev.inferencemetrics.tenancy.Caller;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.OperatorKey;
import dev.inferencemetrics.testing.OtlpGrpcClient;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Every kind of caller against every feature of the HTTP API, on its own tenant's data and on another tenant's,
 * through the running server: API keys of each scope, sessions of each role, and nobody. The Vaadin side of the same
 * matrix is {@link ViewAccessMatrixIT}.
 */
class AuthorizationMatrixIT extends HttpIntegrationTest {

    enum Caller {
        KEY_INGEST,
        KEY_METRICS,
        KEY_USAGE,
        KEY_ALERTS,
        KEY_SOURCES,
        KEY_OPERATOR,
        ADMIN_SESSION,
        VIEWER_SESSION,
        OPERATOR_SESSION,
        NOBODY
    }

    enum Feature {
        INGEST,
        METRICS,
        HEATMAP,
        BREAKDOWN,
        CONSUMERS_OUTSIDE_SLO,
        USAGE,
        USAGE_BY_CONSUMER,
        ALERT_RULES,
        SCALING_POINT,
        SILENCE,
        GOODPUT_SLO,
        GOODPUT_SLO_CHANGE
    }

    enum Target {
        OWN,
        FOREIGN
    }

    private static final int OK = 200;
    private static final int CREATED = 201;
    private static final int UNAUTHORIZED = 401;
    private static final int FORBIDDEN = 403;
    private static final int NOT_FOUND = 404;

    /** Alert rules are read like metrics; silences (like every alert change) need a key with alerts:write. */
    private static final Map<Caller, int[]> EXPECTED_ALERTS = Map.of(
            Caller.KEY_INGEST, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_METRICS, new int[] {OK, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_USAGE, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_ALERTS, new int[] {FORBIDDEN, FORBIDDEN, OK, FORBIDDEN},
            Caller.KEY_SOURCES, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_OPERATOR, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.ADMIN_SESSION, new int[] {OK, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.VIEWER_SESSION, new int[] {OK, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.OPERATOR_SESSION, new int[] {OK, OK, FORBIDDEN, FORBIDDEN},
            Caller.NOBODY, new int[] {UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED});

    /** What each caller gets for {own tenant, another tenant}, feature by feature. */
    private static final Map<Caller, Map<Feature, int[]>> EXPECTED = withAlerts(Map.of(
            Caller.KEY_INGEST, expect(OK, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN),
            Caller.KEY_METRICS, expect(FORBIDDEN, FORBIDDEN, OK, FORBIDDEN, FORBIDDEN, FORBIDDEN),
            Caller.KEY_USAGE, expect(FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK, FORBIDDEN),
            Caller.KEY_SOURCES, expect(FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN),
            // an operator key provisions; it reads and ingests nothing
            Caller.KEY_OPERATOR, expect(FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN),
            Caller.ADMIN_SESSION, expect(FORBIDDEN, FORBIDDEN, OK, FORBIDDEN, OK, FORBIDDEN),
            Caller.VIEWER_SESSION, expect(FORBIDDEN, FORBIDDEN, OK, FORBIDDEN, FORBIDDEN, FORBIDDEN),
            Caller.OPERATOR_SESSION, expect(FORBIDDEN, FORBIDDEN, OK, OK, OK, OK),
            Caller.KEY_ALERTS, expect(FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN),
            Caller.NOBODY, expect(UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED)));

    @Autowired
    UserAccounts users;

    @Autowired
    ChannelService channels;

    TenantWithData own;
    TenantWithData foreign;
    Map<Caller, BrowserSession> sessions;
    Map<Caller, String> keys;

    @BeforeAll
    void twoTenantsAndEveryKindOfCaller() {
        own = TenantWithData.create(context, api, "matrix-own");
        foreign = TenantWithData.create(context, api, "matrix-foreign");
        String viewer = "matrix-viewer-" + own.id();
        users.createIfAbsent(own.id(), viewer, "Viewer", "a long password", Role.TENANT_VIEWER);
        TestTenant tenant = own.tenant();
        keys = Map.of(
                Caller.KEY_OPERATOR, OperatorKey.create(context, "operator"),
                Caller.KEY_INGEST, tenant.key(ApiScope.INGEST),
                Caller.KEY_METRICS, tenant.key(ApiScope.METRICS_READ),
                Caller.KEY_USAGE, tenant.key(ApiScope.USAGE_READ),
                Caller.KEY_ALERTS, tenant.key(ApiScope.ALERTS_WRITE),
                Caller.KEY_SOURCES, tenant.key(ApiScope.SOURCES_WRITE));
        sessions = Map.of(
                Caller.ADMIN_SESSION, signedIn(own.adminUsername(), "a long password"),
                Caller.VIEWER_SESSION, signedIn(viewer, "a long password"),
                Caller.OPERATOR_SESSION, signedIn("operator", "demo"));
    }

    static Stream<Arguments> matrix() {
        List<Arguments> cases = new ArrayList<>();
        for (Caller caller : Caller.values()) {
            for (Feature feature : Feature.values()) {
                for (Target target : Target.values()) {
                    cases.add(Arguments.of(caller, feature, target));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("matrix")
    void each_caller_reaches_exactly_what_its_role_or_scope_and_tenant_allow(
            Caller caller, Feature feature, Target target) {
        TenantWithData tenant = target == Target.OWN ? own : foreign;
        int expected = EXPECTED.get(caller).get(feature)[target.ordinal()];

        Answer answer = call(caller, feature, tenant);

        assertThat(answer.status()).as(answer.body()).isEqualTo(expected);
        boolean usage = feature == Feature.USAGE || feature == Feature.USAGE_BY_CONSUMER;
        if (expected == OK && usage && caller != Caller.OPERATOR_SESSION) {
            assertThat(answer.body()).contains(slug(tenant)).doesNotContain(slug(otherThan(tenant)));
        }
        if (expected == OK && usage && caller == Caller.OPERATOR_SESSION) {
            // without ?tenant= an operator's export covers every tenant; with it, just that one
            assertThat(answer.body()).contains(slug(tenant));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("listingCallers")
    void the_deployment_list_holds_the_callers_tenant_only_unless_it_is_an_operator(Caller caller) {
        Answer answer = get(caller, "/api/v1/deployments");

        assertThat(answer.status()).isEqualTo(OK);
        assertThat(answer.body()).contains(own.deployment());
        if (caller == Caller.OPERATOR_SESSION) {
            assertThat(answer.body()).contains(foreign.deployment());
        } else {
            assertThat(answer.body()).doesNotContain(foreign.deployment());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void the_fleet_is_read_with_metrics_read_or_a_session_and_holds_the_callers_tenant_unless_an_operator(
            Caller caller) {
        Answer answer = get(caller, "/api/v1/fleet?limit=1000");

        boolean reads = listingCallers().anyMatch(caller::equals);
        assertThat(answer.status())
                .as(answer.body())
                .isEqualTo(reads ? OK : caller == Caller.NOBODY ? UNAUTHORIZED : FORBIDDEN);
        if (reads) {
            assertThat(answer.body()).contains(own.deployment());
            if (caller == Caller.OPERATOR_SESSION) {
                assertThat(answer.body()).contains(foreign.deployment());
            } else {
                assertThat(answer.body()).doesNotContain(foreign.deployment());
            }
        }
    }

    /** The fleet filtered to one consumer is read under the same rules, and never lists another tenant's rows. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void the_fleet_of_one_consumer_is_read_like_the_fleet(Caller caller) {
        Answer answer = get(caller, "/api/v1/fleet?limit=1000&consumer=matrix-consumer");

        boolean reads = listingCallers().anyMatch(caller::equals);
        assertThat(answer.status())
                .as(answer.body())
                .isEqualTo(reads ? OK : caller == Caller.NOBODY ? UNAUTHORIZED : FORBIDDEN);
        if (reads) {
            assertThat(answer.body()).contains(own.deployment());
            assertThat(answer.body().contains(foreign.deployment())).isEqualTo(caller == Caller.OPERATOR_SESSION);
        }
    }

    /**
     * OTLP traces need an ingest key; a span naming another tenant's service is that key's tenant's span, matches none
     * of its deployments and is rejected, so nothing reaches the other tenant.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("callersAndTargets")
    void otlp_traces_take_an_ingest_key_and_reach_only_its_own_tenant(Caller caller, Target target) {
        TenantWithData tenant = target == Target.OWN ? own : foreign;
        long before = tenant.tenant().storedRequestSamples(tenant.deployment());
        int expected = caller == Caller.NOBODY ? UNAUTHORIZED : caller == Caller.KEY_INGEST ? OK : FORBIDDEN;

        Answer answer = post(caller, "/v1/traces", otlpSpan(tenant.deployment() + "-vllm"));

        assertThat(answer.status()).as(answer.body()).isEqualTo(expected);
        boolean stored = caller == Caller.KEY_INGEST && target == Target.OWN;
        assertThat(tenant.tenant().storedRequestSamples(tenant.deployment())).isEqualTo(before + (stored ? 1 : 0));
        if (caller == Caller.KEY_INGEST && target == Target.FOREIGN) {
            assertThat(answer.body()).contains("\"rejectedSpans\":\"1\"");
        }
    }

    /**
     * OTLP over gRPC takes the same keys as {@code /v1/traces} and reaches only the key's tenant; a session means
     * nothing there, so the callers are the keys and nobody.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("keysAndTargets")
    void otlp_over_grpc_takes_an_ingest_key_and_reaches_only_its_own_tenant(Caller caller, Target target)
            throws InterruptedException {
        TenantWithData tenant = target == Target.OWN ? own : foreign;
        long before = tenant.tenant().storedRequestSamples(tenant.deployment());
        Status.Code expected = caller == Caller.NOBODY
                ? Status.Code.UNAUTHENTICATED
                : caller == Caller.KEY_INGEST ? Status.Code.OK : Status.Code.PERMISSION_DENIED;
        ExportTraceServiceResponse response = null;
        Status.Code answered = Status.Code.OK;

        try (OtlpGrpcClient grpc =
                new OtlpGrpcClient(context.getBean(OtlpGrpcServer.class).port())) {
            response = grpc.export(keys.get(caller), otlpProtoSpan(tenant.deployment() + "-vllm"));
        } catch (StatusRuntimeException refused) {
            answered = refused.getStatus().getCode();
        }

        assertThat(answered).isEqualTo(expected);
        boolean stored = caller == Caller.KEY_INGEST && target == Target.OWN;
        assertThat(tenant.tenant().storedRequestSamples(tenant.deployment())).isEqualTo(before + (stored ? 1 : 0));
        if (caller == Caller.KEY_INGEST && target == Target.FOREIGN) {
            assertThat(response).isNotNull();
            assertThat(response.getPartialSuccess().getRejectedSpans()).isEqualTo(1);
        }
    }

    static Stream<Arguments> keysAndTargets() {
        return Stream.of(Caller.values())
                .filter(caller -> caller.name().startsWith("KEY_") || caller == Caller.NOBODY)
                .flatMap(caller -> Stream.of(Target.values()).map(target -> Arguments.of(caller, target)));
    }

    /** The span of {@link #otlpSpan} as protobuf, for gRPC. */
    private ExportTraceServiceRequest otlpProtoSpan(String service) {
        long start = clock.instant().toEpochMilli() * 1_000_000L;
        return ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(ResourceSpans.newBuilder()
                        .setResource(Resource.newBuilder().addAttributes(textAttribute("service.name", service)))
                        .addScopeSpans(ScopeSpans.newBuilder()
                                .addSpans(Span.newBuilder()
                                        .setTraceId(ByteString.copyFrom(
                                                HexFormat.of().parseHex("0af7651916cd43dd8448eb211c80319c")))
                                        .setSpanId(ByteString.copyFrom(
                                                HexFormat.of().parseHex(String.format("%016x", System.nanoTime()))))
                                        .setName("llm_request")
                                        .setStartTimeUnixNano(start)
                                        .setEndTimeUnixNano(start + 900_000_000L)
                                        .addAttributes(countAttribute("gen_ai.usage.prompt_tokens", 12))
                                        .addAttributes(countAttribute("gen_ai.usage.completion_tokens", 3)))))
                .build();
    }

    private static KeyValue textAttribute(String key, String value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setStringValue(value))
                .build();
    }

    private static KeyValue countAttribute(String key, long value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setIntValue(value))
                .build();
    }

    static Stream<Arguments> callersAndTargets() {
        return Stream.of(Caller.values())
                .flatMap(caller -> Stream.of(Target.values()).map(target -> Arguments.of(caller, target)));
    }

    /** One GenAI span in the OTLP JSON encoding, from a service that {@link TenantWithData} lists. */
    private byte[] otlpSpan(String service) {
        long start = clock.instant().toEpochMilli() * 1_000_000L;
        String spanId = String.format("%016x", System.nanoTime());
        return ("{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":"
                        + "{\"stringValue\":\"" + service + "\"}}]},"
                        + "\"scopeSpans\":[{\"spans\":[{\"traceId\":\"0af7651916cd43dd8448eb211c80319c\","
                        + "\"spanId\":\"" + spanId + "\",\"name\":\"llm_request\",\"startTimeUnixNano\":\""
                        + start + "\",\"endTimeUnixNano\":\"" + (start + 900_000_000L) + "\",\"attributes\":["
                        + "{\"key\":\"gen_ai.usage.prompt_tokens\",\"value\":{\"intValue\":\"12\"}},"
                        + "{\"key\":\"gen_ai.usage.completion_tokens\",\"value\":{\"intValue\":\"3\"}}]}]}]}]}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Listing a deployment's scrape targets, then adding one: {own list, foreign list, own add, foreign add}. */
    private static final Map<Caller, int[]> SCRAPE_TARGETS = Map.of(
            Caller.KEY_INGEST, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_METRICS, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_USAGE, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_SOURCES, new int[] {OK, FORBIDDEN, CREATED, FORBIDDEN},
            Caller.KEY_OPERATOR, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_ALERTS, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.ADMIN_SESSION, new int[] {OK, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.VIEWER_SESSION, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.OPERATOR_SESSION, new int[] {OK, OK, FORBIDDEN, FORBIDDEN},
            Caller.NOBODY, new int[] {UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED});

    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void scrape_targets_are_listed_by_sources_keys_and_admins_and_added_only_with_a_sources_key(Caller caller) {
        int[] expected = SCRAPE_TARGETS.get(caller);
        List<Integer> answers = new ArrayList<>();
        for (TenantWithData tenant : List.of(own, foreign)) {
            answers.add(get(caller, "/api/v1/scrape-targets?deployment=" + tenant.deployment())
                    .status());
        }
        for (TenantWithData tenant : List.of(own, foreign)) {
            String body = "{\"deployment\":\"" + tenant.deployment() + "\",\"url\":\"http://127.0.0.1:9/metrics\","
                    + "\"replica\":\"matrix-" + caller + "\"}";
            answers.add(post(caller, "/api/v1/scrape-targets", body.getBytes(StandardCharsets.UTF_8))
                    .status());
        }

        assertThat(answers).containsExactly(expected[0], expected[1], expected[2], expected[3]);
    }

    /**
     * Provisioning (create or update a tenant and a deployment by slug, archive and restore) takes an operator key:
     * a key of any tenant scope is a 403 whatever tenant it names, a session is a 403 (no cookie authorises
     * provisioning), and nobody is a 401.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void provisioning_takes_an_operator_key_and_nothing_else(Caller caller) {
        String tenantSlug = "matrix-prov-"
                + caller.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        String deployment = tenantSlug + "-" + own.id();
        byte[] tenantBody = "{\"name\":\"Matrix provisioning\"}".getBytes(StandardCharsets.UTF_8);
        byte[] deploymentBody = ("{\"tenant\":\"" + tenantSlug + "\",\"displayName\":\"Matrix\",\"model\":\"m\","
                        + "\"engine\":\"vLLM\",\"region\":\"r\"}")
                .getBytes(StandardCharsets.UTF_8);
        // the same calls against the tenants the matrix already has: their own and another's
        byte[] ownDeploymentBody = ("{\"tenant\":\"" + slug(own) + "\",\"displayName\":\"Changed\",\"model\":\"m\","
                        + "\"engine\":\"vLLM\",\"region\":\"r\"}")
                .getBytes(StandardCharsets.UTF_8);

        List<Integer> answers = List.of(
                put(caller, "/api/v1/tenants/" + tenantSlug, tenantBody),
                put(caller, "/api/v1/deployments/" + deployment, deploymentBody),
                put(caller, "/api/v1/deployments/" + own.deployment(), ownDeploymentBody),
                post(caller, "/api/v1/deployments/" + foreign.deployment() + "/archive", new byte[0])
                        .status(),
                post(caller, "/api/v1/deployments/" + foreign.deployment() + "/restore", new byte[0])
                        .status(),
                post(caller, "/api/v1/tenants/" + slug(own) + "/archive", new byte[0])
                        .status(),
                post(caller, "/api/v1/tenants/" + slug(own) + "/restore", new byte[0])
                        .status());

        List<Integer> expected = caller == Caller.KEY_OPERATOR
                ? List.of(CREATED, CREATED, OK, OK, OK, OK, OK)
                : java.util.Collections.nCopies(7, caller == Caller.NOBODY ? UNAUTHORIZED : FORBIDDEN);
        assertThat(answers).isEqualTo(expected);
        if (caller != Caller.KEY_OPERATOR) {
            assertThat(get(Caller.OPERATOR_SESSION, "/api/v1/deployments?archived=true")
                            .body())
                    .doesNotContain(deployment);
        }
    }

    /**
     * Autoscaling signals and SLO presets: {own deployment's JSON, another tenant's, the Prometheus text, the preset
     * list, a preset applied to the own deployment's objectives}. Read like metrics; a preset is set like objectives.
     */
    private static final Map<Caller, int[]> AUTOSCALING = Map.of(
            Caller.KEY_INGEST, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_METRICS, new int[] {OK, FORBIDDEN, OK, OK, FORBIDDEN},
            Caller.KEY_USAGE, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_SOURCES, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_ALERTS, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK},
            Caller.KEY_OPERATOR, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.ADMIN_SESSION, new int[] {OK, FORBIDDEN, OK, OK, FORBIDDEN},
            Caller.VIEWER_SESSION, new int[] {OK, FORBIDDEN, OK, OK, FORBIDDEN},
            Caller.OPERATOR_SESSION, new int[] {OK, OK, OK, OK, FORBIDDEN},
            Caller.NOBODY, new int[] {UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED});

    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void autoscaling_signals_are_read_like_metrics_within_the_tenant_and_presets_set_like_objectives(Caller caller) {
        Answer prometheus = get(caller, "/api/v1/autoscaling");
        List<Integer> answers = List.of(
                get(caller, "/api/v1/deployments/" + own.deployment() + "/autoscaling")
                        .status(),
                get(caller, "/api/v1/deployments/" + foreign.deployment() + "/autoscaling")
                        .status(),
                prometheus.status(),
                get(caller, "/api/v1/slo-presets").status(),
                put(
                        caller,
                        "/api/v1/deployments/" + own.deployment() + "/objectives",
                        "{\"preset\":\"interactive-chat\"}".getBytes(StandardCharsets.UTF_8)));

        assertThat(answers)
                .containsExactly(Arrays.stream(AUTOSCALING.get(caller)).boxed().toArray(Integer[]::new));
        // an operator's text covers every tenant of the shared test database, more than a page may hold
        if (prometheus.status() == OK && caller != Caller.OPERATOR_SESSION) {
            assertThat(prometheus.body()).contains(own.deployment()).doesNotContain(foreign.deployment());
        }
    }

    /** Listing a deployment's annotations, then adding one: {own list, foreign list, own add, foreign add}. */
    private static final Map<Caller, int[]> ANNOTATIONS = Map.of(
            Caller.KEY_INGEST, new int[] {FORBIDDEN, FORBIDDEN, CREATED, FORBIDDEN},
            Caller.KEY_METRICS, new int[] {OK, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_USAGE, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_SOURCES, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_ALERTS, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_OPERATOR, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.ADMIN_SESSION, new int[] {OK, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.VIEWER_SESSION, new int[] {OK, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.OPERATOR_SESSION, new int[] {OK, OK, FORBIDDEN, FORBIDDEN},
            Caller.NOBODY, new int[] {UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED});

    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void annotations_are_read_like_metrics_and_added_only_with_an_ingest_key_of_the_tenant(Caller caller) {
        int[] expected = ANNOTATIONS.get(caller);
        List<Integer> answers = new ArrayList<>();
        for (TenantWithData tenant : List.of(own, foreign)) {
            answers.add(get(caller, "/api/v1/deployments/" + tenant.deployment() + "/annotations")
                    .status());
        }
        for (TenantWithData tenant : List.of(own, foreign)) {
            String body = "{\"text\":\"matrix " + caller + "\",\"time\":\"" + clock.instant() + "\"}";
            answers.add(post(
                            caller,
                            "/api/v1/deployments/" + tenant.deployment() + "/annotations",
                            body.getBytes(StandardCharsets.UTF_8))
                    .status());
        }

        assertThat(answers).containsExactly(expected[0], expected[1], expected[2], expected[3]);
    }

    /** Comparing: {own deployment with itself, own with another tenant's, another tenant's with itself}. */
    private static final Map<Caller, int[]> COMPARE = Map.of(
            Caller.KEY_INGEST, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_METRICS, new int[] {OK, FORBIDDEN, FORBIDDEN},
            Caller.KEY_USAGE, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_SOURCES, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_ALERTS, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_OPERATOR, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.ADMIN_SESSION, new int[] {OK, FORBIDDEN, FORBIDDEN},
            Caller.VIEWER_SESSION, new int[] {OK, FORBIDDEN, FORBIDDEN},
            Caller.OPERATOR_SESSION, new int[] {OK, OK, OK},
            Caller.NOBODY, new int[] {UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED});

    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void comparisons_are_read_like_metrics_and_never_reach_another_tenants_deployment(Caller caller) {
        Instant now = clock.instant();
        String window = "&aFrom=" + now.minus(Duration.ofHours(1)) + "&aTo=" + now;
        List<Integer> answers = List.of(
                get(caller, "/api/v1/compare?a=" + own.deployment() + window).status(),
                get(caller, "/api/v1/compare?a=" + own.deployment() + "&b=" + foreign.deployment() + window)
                        .status(),
                get(caller, "/api/v1/compare?a=" + foreign.deployment() + window)
                        .status());

        assertThat(answers).containsExactly(COMPARE.get(caller)[0], COMPARE.get(caller)[1], COMPARE.get(caller)[2]);
    }

    /**
     * Notification channels: {list, add a global one, remove one of the own tenant, remove one of another tenant}.
     * Keys with alerts:write manage their tenant's; only operators (whose global channels have no key) add global ones.
     */
    private static final Map<Caller, int[]> CHANNELS = Map.of(
            Caller.KEY_INGEST, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_METRICS, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_USAGE, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_SOURCES, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.KEY_ALERTS, new int[] {OK, FORBIDDEN, OK, NOT_FOUND},
            Caller.KEY_OPERATOR, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.ADMIN_SESSION, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.VIEWER_SESSION, new int[] {FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN},
            Caller.OPERATOR_SESSION, new int[] {OK, OK, OK, OK},
            Caller.NOBODY, new int[] {UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED, UNAUTHORIZED});

    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void channels_are_managed_by_alerts_keys_within_their_tenant_and_global_ones_by_operators_only(Caller caller) {
        int[] expected = CHANNELS.get(caller);
        String global = "{\"name\":\"matrix " + caller + "\",\"kind\":\"EMAIL\",\"target\":\"noc@example.com\","
                + "\"global\":true}";
        List<Integer> answers = new ArrayList<>();
        answers.add(get(caller, "/api/v1/alert-channels").status());
        Answer added = post(caller, "/api/v1/alert-channels", global.getBytes(StandardCharsets.UTF_8));
        answers.add(added.status());
        answers.add(
                delete(caller, "/api/v1/alert-channels/" + emailChannel(own)).status());
        answers.add(delete(caller, "/api/v1/alert-channels/" + emailChannel(foreign))
                .status());
        if (added.status() == OK) {
            channels.remove(
                    TenantScope.allTenants(),
                    json.readTree(added.body()).get("id").asLong());
        }

        assertThat(answers).containsExactly(expected[0], expected[1], expected[2], expected[3]);
    }

    /**
     * A deployment's cost of tokens (GPU cost, revenue, margin) is the operator's business: an operator's session
     * reads it for any tenant; every key and every tenant's session is a 403, for its own tenant too.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void the_cost_of_tokens_is_read_by_operators_sessions_only(Caller caller) {
        int expected =
                switch (caller) {
                    case OPERATOR_SESSION -> OK;
                    case NOBODY -> UNAUTHORIZED;
                    default -> FORBIDDEN;
                };

        List<Integer> answers = List.of(
                get(caller, "/api/v1/deployments/" + own.deployment() + "/cost").status(),
                get(caller, "/api/v1/deployments/" + foreign.deployment() + "/cost")
                        .status());

        assertThat(answers).containsExactly(expected, expected);
    }

    /** The OpenAPI document: every key and every signed-in person reads it; nobody else (Swagger UI: the login page). */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Caller.class)
    void the_api_documentation_is_for_callers_with_a_key_or_a_session(Caller caller) {
        Answer docs = get(caller, "/v3/api-docs");

        if (caller == Caller.NOBODY) {
            assertThat(docs.status()).isEqualTo(UNAUTHORIZED);
            HttpResponse<String> swagger = new BrowserSession(port).get("/swagger-ui.html");
            assertThat(swagger.statusCode()).isEqualTo(302);
            assertThat(swagger.headers().firstValue("Location"))
                    .hasValueSatisfying(location -> assertThat(location).endsWith("/login"));
        } else {
            assertThat(docs.status()).isEqualTo(OK);
            assertThat(docs.body()).contains("/api/v1/deployments");
        }
    }

    /**
     * An operator's session writing from a page of another origin (a sibling port or subdomain, whose requests
     * SameSite=Lax lets carry the cookie): {add a global channel, send a test message, remove a channel} are each a
     * 403 problem and change nothing; the same calls from this server's own pages are served.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http://localhost:1", "http://sibling.localhost:PORT", "https://localhost:PORT", "null"})
    void an_operator_sessions_writes_from_another_origin_are_refused_403(String origin) {
        BrowserSession operator = sessions.get(Caller.OPERATOR_SESSION);
        BrowserSession elsewhere = operator.writingFrom(origin.replace("PORT", Integer.toString(port)));
        long channel = emailChannel(own);
        byte[] global = "{\"name\":\"cross-origin\",\"kind\":\"EMAIL\",\"target\":\"noc@example.com\",\"global\":true}"
                .getBytes(StandardCharsets.UTF_8);

        List<HttpResponse<String>> refused = List.of(
                elsewhere.postJson("/api/v1/alert-channels", global),
                elsewhere.postJson("/api/v1/alert-channels/" + channel + "/test", new byte[0]),
                elsewhere.delete("/api/v1/alert-channels/" + channel));

        assertThat(refused).allSatisfy(answer -> {
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(FORBIDDEN);
            assertThat(answer.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
            assertThat(answer.body()).contains("Origin");
        });
        assertThat(get(Caller.OPERATOR_SESSION, "/api/v1/alert-channels").body())
                .doesNotContain("cross-origin");
        assertThat(operator.postJson("/api/v1/alert-channels/" + channel + "/test", new byte[0])
                        .statusCode())
                .isEqualTo(OK);
        assertThat(operator.delete("/api/v1/alert-channels/" + channel).statusCode())
                .isEqualTo(OK);
    }

    private long emailChannel(TenantWithData tenant) {
        return channels.create(
                TenantScope.allTenants(),
                new NewChannel(tenant.id(), "matrix", ChannelKind.EMAIL, "oncall@example.com", false));
    }

    private Answer delete(Caller caller, String path) {
        BrowserSession session = sessions.get(caller);
        if (session != null) {
            return Answer.of(session.delete(path));
        }
        HttpApi.Answer answer = api.delete(path, keys.get(caller));
        return new Answer(answer.status(), answer.body());
    }

    static Stream<Caller> listingCallers() {
        return Stream.of(Caller.KEY_METRICS, Caller.ADMIN_SESSION, Caller.VIEWER_SESSION, Caller.OPERATOR_SESSION);
    }

    private Answer call(Caller caller, Feature feature, TenantWithData tenant) {
        Instant now = clock.instant();
        return switch (feature) {
            case INGEST ->
                post(
                        caller,
                        HttpApi.INGEST_REQUESTS,
                        api.batch(
                                tenant.deployment(),
                                List.of(RequestSampleJson.ok("matrix-" + caller + "-" + System.nanoTime(), now))));
            case METRICS ->
                get(
                        caller,
                        "/api/v1/deployments/" + tenant.deployment() + "/metrics?from=" + now.minus(Duration.ofHours(1))
                                + "&to=" + now);
            case HEATMAP ->
                get(
                        caller,
                        "/api/v1/deployments/" + tenant.deployment() + "/heatmap?metric=ttft&from="
                                + now.minus(Duration.ofHours(1)) + "&to=" + now);
            case BREAKDOWN ->
                get(
                        caller,
                        "/api/v1/deployments/" + tenant.deployment() + "/breakdown?dimension=consumer&from="
                                + now.minus(Duration.ofHours(1)) + "&to=" + now);
            case CONSUMERS_OUTSIDE_SLO ->
                get(
                        caller,
                        "/api/v1/deployments/" + tenant.deployment() + "/objectives/ttft/consumers?from="
                                + now.minus(Duration.ofHours(1)) + "&to=" + now);
            case USAGE ->
                get(
                        caller,
                        tenant == own ? "/api/v1/usage?format=csv" : "/api/v1/usage?format=csv&tenant=" + slug(tenant));
            case USAGE_BY_CONSUMER ->
                get(
                        caller,
                        "/api/v1/usage?format=json&by=consumer,deployment"
                                + (tenant == own ? "" : "&tenant=" + slug(tenant)));
            case ALERT_RULES -> get(caller, "/api/v1/deployments/" + tenant.deployment() + "/alert-rules");
            case SCALING_POINT -> get(caller, "/api/v1/deployments/" + tenant.deployment() + "/scaling-point");
            case GOODPUT_SLO -> get(caller, "/api/v1/deployments/" + tenant.deployment() + "/objectives/goodput");
            case GOODPUT_SLO_CHANGE ->
                new Answer(
                        put(
                                caller,
                                "/api/v1/deployments/" + tenant.deployment() + "/objectives/goodput",
                                "{\"ttftMs\":500,\"tpotMs\":250}".getBytes()),
                        "");
            case SILENCE ->
                post(
                        caller,
                        "/api/v1/deployments/" + tenant.deployment() + "/silences",
                        ("{\"endsAt\":\"" + now.plus(Duration.ofHours(1)) + "\",\"reason\":\"matrix\"}").getBytes());
        };
    }

    private Answer get(Caller caller, String path) {
        BrowserSession session = sessions.get(caller);
        if (session != null) {
            return Answer.of(session.get(path));
        }
        HttpApi.Answer answer = api.get(path, keys.get(caller));
        return new Answer(answer.status(), answer.body());
    }

    /** A JSON PUT with a session cookie, as a script riding on a signed-in browser would send it, or with a key. */
    private int put(Caller caller, String path, byte[] body) {
        BrowserSession session = sessions.get(caller);
        if (session != null) {
            return session.putJson(path, body).statusCode();
        }
        return api.put(path, keys.get(caller), body).status();
    }

    private Answer post(Caller caller, String path, byte[] body) {
        BrowserSession session = sessions.get(caller);
        if (session != null) {
            return Answer.of(session.postJson(path, body));
        }
        HttpApi.Answer answer = api.post(path, keys.get(caller), HttpApi.JSON, body);
        return new Answer(answer.status(), answer.body());
    }

    private BrowserSession signedIn(String username, String password) {
        BrowserSession session = new BrowserSession(port);
        session.signIn(username, password);
        assertThat(session.isSignedIn()).as(username).isTrue();
        return session;
    }

    private TenantWithData otherThan(TenantWithData tenant) {
        return tenant == own ? foreign : own;
    }

    private static String slug(TenantWithData tenant) {
        return tenant.tenant().slug();
    }

    private static Map<Feature, int[]> expect(
            int ingestOwn, int ingestForeign, int metricsOwn, int metricsForeign, int usageOwn, int usageForeign) {
        return Map.of(
                Feature.INGEST, new int[] {ingestOwn, ingestForeign},
                Feature.METRICS, new int[] {metricsOwn, metricsForeign},
                Feature.USAGE, new int[] {usageOwn, usageForeign});
    }

    private static Map<Caller, Map<Feature, int[]>> withAlerts(Map<Caller, Map<Feature, int[]>> expected) {
        Map<Caller, Map<Feature, int[]>> all = new java.util.EnumMap<>(Caller.class);
        expected.forEach((caller, features) -> {
            int[] alerts = EXPECTED_ALERTS.get(caller);
            Map<Feature, int[]> merged = new java.util.EnumMap<>(features);
            merged.put(Feature.ALERT_RULES, new int[] {alerts[0], alerts[1]});
            // the concurrency rule's scaling point is read like the rules
            merged.put(Feature.SCALING_POINT, new int[] {alerts[0], alerts[1]});
            merged.put(Feature.SILENCE, new int[] {alerts[2], alerts[3]});
            // the goodput SLO is read like the alert rules and changed like every other objective
            merged.put(Feature.GOODPUT_SLO, new int[] {alerts[0], alerts[1]});
            merged.put(Feature.GOODPUT_SLO_CHANGE, new int[] {alerts[2], alerts[3]});
            // the heatmap is read from the same rollups under the same rules as the metrics
            merged.put(Feature.HEATMAP, features.get(Feature.METRICS));
            // and so is the breakdown by consumer, adapter or priority
            merged.put(Feature.BREAKDOWN, features.get(Feature.METRICS));
            // usage by consumer is usage, under the same rules
            merged.put(Feature.USAGE_BY_CONSUMER, features.get(Feature.USAGE));
            // and the consumers outside the TTFT objective, read from the consumers' rollups
            merged.put(Feature.CONSUMERS_OUTSIDE_SLO, features.get(Feature.METRICS));
            all.put(caller, merged);
        });
        return all;
    }

    private record Answer(int status, String body) {
        static Answer of(HttpResponse<String> response) {
            return new Answer(response.statusCode(), response.body());
        }
    }
}
