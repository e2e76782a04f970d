package dev.inferencemetrics.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/** Lets a metrics scraper in with {@code Authorization: Bearer <scrape token>}, and nothing else. */
final class ScrapeTokenFilter extends OncePerRequestFilter {

    static final String SCRAPE_AUTHORITY = "SCRAPE";
    private static final String BEARER = "Bearer ";

    private final byte[] token;

    ScrapeTokenFilter(String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header != null
                && header.regionMatches(true, 0, BEARER, 0, BEARER.length())
                && MessageDigest.isEqual(
                        token, header.substring(BEARER.length()).trim().getBytes(StandardCharsets.UTF_8))) {
            SecurityContext context = SecurityContextHolder.createEmptyContext();
            context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                    "prometheus", null, List.of(new SimpleGrantedAuthority(SCRAPE_AUTHORITY))));
            SecurityContextHolder.setContext(context);
        }
        chain.doFilter(request, response);
    }
}
