#pragma once

#include <QNetworkReply>

namespace zerg {

// What a failed request without an HTTP answer means for the person reading the error: the
// peer could not be reached, TLS failed, it stopped answering, or something else. The tools
// that speak HTTP (http_request, the SMS gateway) word each for their own setting.
enum class NetworkFailure { Unreachable, Tls, Timeout, Other };

[[nodiscard]] inline NetworkFailure networkFailureOf(QNetworkReply::NetworkError e) {
    switch (e) {
        case QNetworkReply::ConnectionRefusedError:
        case QNetworkReply::HostNotFoundError:
        case QNetworkReply::RemoteHostClosedError:
        case QNetworkReply::TemporaryNetworkFailureError:
        case QNetworkReply::NetworkSessionFailedError:
        case QNetworkReply::ProxyConnectionRefusedError:
        case QNetworkReply::ProxyNotFoundError:
            return NetworkFailure::Unreachable;
        case QNetworkReply::SslHandshakeFailedError:
            return NetworkFailure::Tls;
        case QNetworkReply::TimeoutError:
            return NetworkFailure::Timeout;
        default:
            return NetworkFailure::Other;
    }
}

}  // namespace zerg
