#pragma once

#include "core/result.h"

#include <QString>
#include <QUrl>

#include <optional>

namespace zerg {

struct Settings;

// ZERG_PUBLIC_URL: the http(s):// address at which phones and gateways reach `zerg serve` (behind
// a reverse proxy, its outside address). nullopt when it is not set; an error saying what is
// wrong with it otherwise (the caller adds what stays off until it is mended).
[[nodiscard]] Result<std::optional<QUrl>> publicUrlOf(const Settings& settings);

// base and path, with one '/' between them: https://zerg.example.com/ops + /sms.
[[nodiscard]] QString publicAddress(const QUrl& base, const QString& path);

}  // namespace zerg
