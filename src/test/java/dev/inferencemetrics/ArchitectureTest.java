package dev.inferencemetrics;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.annotatedWith;
import static com.tngtech.archunit.lang.conditions.ArchPredicates.are;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.lease.SchedulerLease;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.tenancy.AcrossTenants;
import dev.inferencemetrics.tenancy.Caller;
import dev.inferencemetrics.tenancy.DatabaseTenant;
import dev.inferencemetrics.tenancy.TenantOwned;
import dev.inferencemetrics.tenancy.TenantScope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.data.repository.Repository;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

class ArchitectureTest {

    private static final String PAGES = "dev.inferencemetrics.pages..";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.inferencemetrics");

    @Test
    void views_live_in_ui_packages() {
        classes()
                .that()
                .areAnnotatedWith(Route.class)
                .should()
                .resideInAnyPackage("..ui..", PAGES)
                .check(MAIN);
    }

    /** Views and pages call services; repositories, JDBC stores and SQL stay below them. */
    @Test
    void views_reach_data_through_services_never_repositories() {
        noClasses()
                .that()
                .resideInAnyPackage("..ui..", PAGES)
                .should()
                .dependOnClassesThat(repositoriesAndStores())
                .check(MAIN);
    }

    private static DescribedPredicate<JavaClass> repositoriesAndStores() {
        return DescribedPredicate.describe(
                "are repositories, JDBC stores (named *Store or using JdbcClient or JdbcTemplate) or JDBC itself",
                type -> type.isAssignableTo(Repository.class)
                        || writesSql(type)
                        || type.getPackageName().startsWith("dev.inferencemetrics.")
                                && (type.getSimpleName().endsWith("Store")
                                        || type.getDirectDependenciesFromSelf().stream()
                                                .anyMatch(dependency -> writesSql(dependency.getTargetClass()))));
    }

    private static boolean writesSql(JavaClass type) {
        return type.isAssignableTo(JdbcClient.class) || type.isAssignableTo(JdbcTemplate.class);
    }

    /** The pages compose features from above; a feature that reached up into them would close a loop. */
    @Test
    void no_feature_depends_on_the_pages() {
        noClasses()
                .that()
                .resideOutsideOfPackage(PAGES)
                .should()
                .dependOnClassesThat()
                .resideInAPackage(PAGES)
                .check(MAIN);
    }

    /** {@code base} is the floor every feature stands on (formats, charts, error pages), so it stands on nothing of ours. */
    @Test
    void base_depends_on_no_package_of_ours() {
        noClasses()
                .that()
                .resideInAPackage("dev.inferencemetrics.base..")
                .should()
                .dependOnClassesThat(DescribedPredicate.describe(
                        "are ours outside base",
                        type -> type.getPackageName().startsWith("dev.inferencemetrics")
                                && !type.getPackageName().startsWith("dev.inferencemetrics.base")))
                .check(MAIN);
    }

    /** Every feature writes to the audit log, so the log knows none of them; {@code audittrail} listens to them. */
    @Test
    void the_audit_log_depends_on_no_feature() {
        noClasses()
                .that()
                .resideInAPackage("dev.inferencemetrics.audit..")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages(
                        "dev.inferencemetrics.audit..",
                        "dev.inferencemetrics.tenancy..",
                        "java..",
                        "jakarta..",
                        "org..")
                .check(MAIN);
    }

    @Test
    void logic_reads_time_from_the_injected_clock() {
        noClasses()
                .should()
                .callMethod(Instant.class, "now")
                .because("an injected Clock keeps time testable")
                .check(MAIN);
    }

    /**
     * Several instances share one database, so scheduled work runs on one of them at a time through the lease. The
     * scrape schedule and the dimension fold are the exceptions: they only claim work (due targets, waiting deltas),
     * each piece claimed by one instance in PostgreSQL.
     */
    @Test
    void scheduled_work_runs_one_instance_at_a_time_through_the_lease() {
        classes()
                .that()
                .containAnyMethodsThat(annotatedWith(Scheduled.class))
                .and()
                .doNotHaveSimpleName("ScrapeSchedule")
                .and()
                .doNotHaveSimpleName("DimensionFoldSchedule")
                .should()
                .dependOnClassesThat()
                .areAssignableTo(SchedulerLease.class)
                .because("two instances must not run the same scheduled job at once")
                .check(MAIN);
    }

    /**
     * Every feature can be read from the bottom up: tenancy, lease, database and base at the bottom, then the features,
     * then the pages that compose them. A cycle means two features can only be understood, tested and changed together.
     */
    @Test
    void packages_depend_on_each_other_in_one_direction_only() {
        slices().matching("dev.inferencemetrics.(*)..")
                .should()
                .beFreeOfCycles()
                .check(MAIN);
    }

    /** The same inside a feature: its views above its services, its services above its stores. */
    @Test
    void sub_packages_depend_on_each_other_in_one_direction_only() {
        slices().matching("dev.inferencemetrics.(**)").should().beFreeOfCycles().check(MAIN);
    }

    /**
     * One rule for reaching the database: services hold the logic and the transaction, and read and write through
     * JPA repositories (aggregates edited through forms) or JDBC stores (everything else); SQL lives in the stores.
     */
    @Test
    void services_write_no_sql_of_their_own() {
        noClasses()
                .that()
                .areAnnotatedWith(Service.class)
                .should()
                .dependOnClassesThat()
                .areAssignableTo(JdbcClient.class)
                .orShould()
                .dependOnClassesThat()
                .areAssignableTo(JdbcTemplate.class)
                .check(MAIN);
    }

    /** The tenancy core sits at the bottom: every feature may use it, and it uses none. */
    @Test
    void the_tenancy_core_depends_on_no_feature() {
        noClasses()
                .that()
                .resideInAPackage("dev.inferencemetrics.tenancy..")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages("dev.inferencemetrics.tenancy..", "java..", "javax..", "jakarta..", "org..")
                .check(MAIN);
    }

    /**
     * Row-level security trusts the transaction's declared tenant, so only the tenancy core may declare one: SQL that
     * sets {@code app.tenant_id} or {@code app.all_tenants} ({@code set_config} or {@code SET [LOCAL]}) anywhere else could widen what a caller sees.
     */
    @Test
    void only_the_tenancy_core_declares_the_database_tenant() throws IOException {
        List<String> declaring;
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            declaring = sources.filter(path -> path.toString().endsWith(".java"))
                    .filter(ArchitectureTest::setsTheTenantSetting)
                    .map(path -> path.getFileName().toString())
                    .toList();
        }
        assertThat(declaring).containsExactly("DatabaseTenant.java");
    }

    private static final Pattern TENANT_SETTING = Pattern.compile(
            "set_config\\s*\\(|\\bset\\s+(local\\s+|session\\s+)?app\\.\\w+\\s*(=|to\\b)", Pattern.CASE_INSENSITIVE);

    private static boolean setsTheTenantSetting(Path source) {
        try {
            String text = Files.readString(source);
            return TENANT_SETTING.matcher(text).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Row-level security shows a transaction only the rows of the tenant declared in it, and the declaration is made
     * for each transactional method from its arguments. A method with no scope among them would see no tenant's rows:
     * it must take one ({@link TenantScope}, {@link Caller}, {@link TenantOwned}), say it works across tenants, or
     * join its caller's transaction ({@code MANDATORY}). The lease's table belongs to no tenant.
     */
    @Test
    void every_transactional_method_names_the_tenant_it_works_in() {
        methods()
                .that()
                .areAnnotatedWith(Transactional.class)
                .and()
                .areDeclaredInClassesThat()
                .resideOutsideOfPackages("dev.inferencemetrics.lease..", "dev.inferencemetrics.tenancy..")
                .should(nameTheirTenant())
                .check(MAIN);
        classes()
                .should()
                .notBeAnnotatedWith(Transactional.class)
                .because("each transactional method is checked for its tenant, one by one")
                .check(MAIN);
    }

    private static ArchCondition<JavaMethod> nameTheirTenant() {
        return new ArchCondition<>("take a tenant scope, work across tenants, or join the caller's transaction") {
            @Override
            public void check(JavaMethod method, ConditionEvents events) {
                boolean scoped = method.getRawParameterTypes().stream().anyMatch(ArchitectureTest::namesATenant);
                boolean across = method.isAnnotatedWith(AcrossTenants.class);
                boolean joins = method.getAnnotationOfType(Transactional.class).propagation() == Propagation.MANDATORY;
                if (!(scoped || across || joins)) {
                    events.add(SimpleConditionEvent.violated(
                            method,
                            method.getFullName() + " declares no tenant: add a scope argument or @AcrossTenants"));
                }
            }
        };
    }

    private static boolean namesATenant(JavaClass type) {
        return type.isAssignableTo(TenantScope.class)
                || type.isAssignableTo(Caller.class)
                || type.isAssignableTo(TenantOwned.class);
    }

    /** The declaration is made in one place, from each method's arguments; a hand-written one could widen it. */
    @Test
    void only_the_tenancy_core_calls_declare() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.inferencemetrics.tenancy..")
                .should()
                .dependOnClassesThat()
                .areAssignableTo(DatabaseTenant.class)
                .check(MAIN);
    }

    /**
     * One way to write SQL: {@link JdbcClient} with named parameters. {@link JdbcTemplate} (positional parameters)
     * is used nowhere; the engine latency rollups alone write a JDBC batch, which JdbcClient cannot, through
     * {@link NamedParameterJdbcTemplate}.
     */
    @Test
    void sql_is_written_through_jdbc_client_with_named_parameters() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .areAssignableTo(JdbcOperations.class)
                .because("JdbcClient binds parameters by name")
                .check(MAIN);
        noClasses()
                .that()
                .doNotBelongToAnyOf(EngineLatencyRollupStore.class)
                .should()
                .dependOnClassesThat()
                .areAssignableTo(NamedParameterJdbcOperations.class)
                .because("only a batch JdbcClient cannot write needs the template")
                .check(MAIN);
    }

    /**
     * SQL lives in each package's stores (classes named {@code *Store}), which the package's services and components
     * call. The infrastructure below the features is the exception: the database checks at start-up, the scheduler
     * lease, and the tenant declaration (which {@link #only_the_tenancy_core_declares_the_database_tenant} keeps in
     * {@link DatabaseTenant}).
     */
    @Test
    void only_stores_hold_a_jdbc_client() {
        noClasses()
                .that(are(not(partOfAStore())))
                .and()
                .resideOutsideOfPackages("dev.inferencemetrics.database..", "dev.inferencemetrics.lease..")
                .and()
                .doNotBelongToAnyOf(DatabaseTenant.class)
                .should()
                .dependOnClassesThat()
                .belongToAnyOf(JdbcClient.class, JdbcOperations.class, NamedParameterJdbcOperations.class)
                .check(MAIN);
    }

    /** A class named {@code *Store}, or a class nested in one. */
    private static DescribedPredicate<JavaClass> partOfAStore() {
        return DescribedPredicate.describe("part of a *Store class", type -> {
            JavaClass outermost = type;
            while (outermost.getEnclosingClass().isPresent()) {
                outermost = outermost.getEnclosingClass().get();
            }
            return outermost.getSimpleName().endsWith("Store");
        });
    }

    /**
     * A page or an API call tells a value someone gave that cannot be used (an {@code UnusableValueException}, with its
     * plain sentence) apart from a failure of ours. The JDK, the libraries and our own preconditions throw
     * {@link IllegalArgumentException} for bugs too, so a page, a view's component or a controller that caught it
     * would blame a person's input for our failure; what it does not catch reaches the page error handler or the
     * API's advice, which answer with an error id.
     */
    @Test
    void pages_and_api_calls_never_catch_illegal_argument_exception() throws IOException {
        Pattern catchesIt = Pattern.compile(
                "catch\\s*\\(\\s*(final\\s+)?([\\w.]+\\s*\\|\\s*)*(java\\.lang\\.)?IllegalArgumentException\\b");
        Pattern answersPeopleOrClients =
                Pattern.compile("^import com\\.vaadin\\.flow\\.|@(Rest)?Controller(Advice)?\\b", Pattern.MULTILINE);
        List<Path> answering;
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java/dev/inferencemetrics"))) {
            answering = sources.filter(path -> path.toString().endsWith(".java"))
                    .filter(path -> inUiOrApiPackage(path)
                            || answersPeopleOrClients.matcher(sourceOf(path)).find())
                    .toList();
        }
        assertThat(answering)
                .as("pages and controllers found")
                .anyMatch(path -> sourceOf(path).contains("@RestController"))
                .anyMatch(path -> path.toString().contains("/ui/"));
        assertThat(answering.stream()
                        .filter(path -> catchesIt.matcher(sourceOf(path)).find())
                        .map(path -> path.getFileName().toString()))
                .as("catch UnusableValueException (or a more specific exception) instead")
                .isEmpty();
    }

    private static boolean inUiOrApiPackage(Path source) {
        for (Path part : source) {
            if (part.toString().equals("ui") || part.toString().equals("api")) {
                return true;
            }
        }
        return false;
    }

    private static String sourceOf(Path source) {
        try {
            return Files.readString(source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
