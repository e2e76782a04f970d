package dev.inferencemetrics.testing;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sign-in form as the login page submits it: the credentials and the CSRF token the page carries in its
 * {@code _csrf} meta tag (without which the server refuses the sign-in).
 */
public final class SignInForm {

    private static final Pattern TOKEN = Pattern.compile("<meta name=\"_csrf\" content=\"([^\"]+)\"");

    private SignInForm() {}

    /** The form body for these credentials, with the token of the login page the browser was served. */
    public static String body(String username, String password, String loginPage) {
        return "username=" + encoded(username) + "&password=" + encoded(password) + "&_csrf=" + tokenOf(loginPage);
    }

    public static String tokenOf(String loginPage) {
        Matcher matcher = TOKEN.matcher(loginPage);
        if (!matcher.find()) {
            throw new AssertionError("the login page carries no CSRF token: "
                    + loginPage.substring(0, Math.min(600, loginPage.length())));
        }
        return encoded(matcher.group(1));
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
