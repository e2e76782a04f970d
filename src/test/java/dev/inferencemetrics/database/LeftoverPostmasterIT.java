package dev.inferencemetrics.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a start does with a data directory that still has a {@code postmaster.pid}: stopping a server is only safe
 * when nobody owns it; a server some living run owns is left alone. (The crash itself, a SIGKILLed application and
 * its orphaned server, is EmbeddedDefaultCrashRestartIT.)
 */
class LeftoverPostmasterIT {

    @Test
    void a_server_a_living_run_owns_is_left_running_and_the_second_start_refuses(@TempDir Path data) {
        try (EmbeddedPostgresServer running =
                EmbeddedPostgresServer.start(data, EmbeddedPostgresServer.Durability.THROW_AWAY)) {
            assertThatThrownBy(() -> EmbeddedPostgresServer.start(data, EmbeddedPostgresServer.Durability.THROW_AWAY))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Another running Inference Metrics uses the embedded database in " + data);
            assertThat(Files.exists(data.resolve(LeftoverPostmaster.PID_FILE))).isTrue();
        }
    }

    @Test
    void a_lock_file_whose_process_number_now_belongs_to_another_program_is_removed(@TempDir Path data)
            throws Exception {
        EmbeddedPostgresServer.start(data, EmbeddedPostgresServer.Durability.THROW_AWAY)
                .close();
        // this JVM is alive and no postgres: PostgreSQL itself would refuse to start over such a lock file
        Files.writeString(
                data.resolve(LeftoverPostmaster.PID_FILE),
                ProcessHandle.current().pid() + "\n" + data + "\n");

        try (EmbeddedPostgresServer restarted =
                EmbeddedPostgresServer.start(data, EmbeddedPostgresServer.Durability.THROW_AWAY)) {
            assertThat(Files.readAllLines(data.resolve(LeftoverPostmaster.PID_FILE))
                            .getFirst())
                    .isNotEqualTo(Long.toString(ProcessHandle.current().pid()));
        }
    }
}
