package dev.inferencemetrics.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.mail.javamail.JavaMailSenderImpl;

/**
 * An SMTP server that accepts the connection and then never says a word: the attempt ends with an error naming the
 * timeout, instead of holding the delivery worker (and the evaluator that runs it after each turn) forever.
 */
class SlowSmtpIT {

    @Test
    void a_server_that_accepts_and_stalls_fails_the_attempt_with_a_timeout_even_without_timeouts_configured()
            throws Exception {
        try (StallingServer server = new StallingServer()) {
            JavaMailSenderImpl mail = new JavaMailSenderImpl();
            mail.setHost("127.0.0.1");
            mail.setPort(server.port());
            EmailSender sender = new EmailSender(mail, "alerts@example.com");

            assertThatThrownBy(() -> sender.send(channel(), notice(), "{}"))
                    .isInstanceOf(DeliveryException.class)
                    .hasMessageStartingWith("the SMTP server refused or did not answer")
                    .hasMessageContaining("timed out");
            assertThat(server.accepted())
                    .as("the server was reached, then stalled")
                    .isOne();
            assertThat(mail.getJavaMailProperties()).containsAllEntriesOf(EmailSender.TIMEOUTS);
        }
    }

    @Test
    void timeouts_that_the_settings_name_are_kept() {
        JavaMailSenderImpl mail = new JavaMailSenderImpl();
        mail.getJavaMailProperties().put("mail.smtp.timeout", "2000");

        new EmailSender(mail, "alerts@example.com");

        assertThat(mail.getJavaMailProperties()).containsEntry("mail.smtp.timeout", "2000");
    }

    private static Channel channel() {
        return new Channel(1, 1L, "on-call", ChannelKind.EMAIL, "oncall@example.com", false, true, Instant.EPOCH);
    }

    private static AlertNotice notice() {
        return new AlertNotice(
                NoticeEvent.FIRING,
                1,
                1,
                "acme",
                "chat",
                "Chat",
                "TTFT fast burn",
                "PAGE",
                "TTFT burn ≥ 14.4× over 1 h and 5 min",
                Duration.ofHours(1),
                15,
                14.4,
                15,
                Instant.EPOCH,
                null,
                "http://localhost:8080/deployments/chat");
    }

    /** Accepts connections on 127.0.0.1 and holds them open without sending the SMTP greeting. */
    private static final class StallingServer implements AutoCloseable {

        private final ServerSocket socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        private final List<Socket> held = new CopyOnWriteArrayList<>();
        private final Thread acceptor = Thread.ofVirtual().start(this::accept);

        StallingServer() throws IOException {}

        int port() {
            return socket.getLocalPort();
        }

        int accepted() {
            return held.size();
        }

        private void accept() {
            try {
                while (!socket.isClosed()) {
                    held.add(socket.accept());
                }
            } catch (IOException closed) {
                // the test is over
            }
        }

        @Override
        public void close() throws Exception {
            socket.close();
            for (Socket connection : held) {
                connection.close();
            }
            acceptor.join();
        }
    }
}
